/**
 * Prints the import graph between src/'s top-level rooms: each room, the rooms it imports and how
 * many imports make each edge. `--files` also lists the files behind each edge; `--dot` prints
 * Graphviz instead (`npx tsx scripts/import-graph.ts --dot | dot -Tsvg > graph.svg`).
 *
 *   npx tsx scripts/import-graph.ts [--files|--dot]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileGraph, roomEdges, type RoomEdge } from './lib/import-graph.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const edges = roomEdges(SRC, fileGraph(SRC));

const byRoom = new Map<string, Map<string, RoomEdge[]>>();
for (const e of edges) {
  const targets = byRoom.get(e.from) ?? new Map<string, RoomEdge[]>();
  byRoom.set(e.from, targets);
  targets.set(e.to, [...(targets.get(e.to) ?? []), e]);
}
const rooms = [...byRoom.keys()].sort();

if (process.argv.includes('--dot')) {
  console.log('digraph kassa {\n  rankdir=LR;');
  for (const from of rooms) for (const [to, es] of byRoom.get(from)!) console.log(`  "${from}" -> "${to}" [label=${es.length}];`);
  console.log('}');
} else {
  const files = process.argv.includes('--files');
  for (const from of rooms) {
    const targets = [...byRoom.get(from)!].sort(([a], [b]) => a.localeCompare(b));
    console.log(`${from} → ${targets.map(([to, es]) => `${to} (${es.length})`).join(', ')}`);
    if (files) for (const [to, es] of targets) for (const e of es) console.log(`    ${to}: ${e.file} → ${e.imports}`);
  }
}
