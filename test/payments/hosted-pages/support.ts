/**
 * Driving the hosted pages through inject() the way a browser without JavaScript would: read
 * the forms a page renders (action, method, fields, buttons) and submit them.
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { verify } from '../../../src/platform/jwt.js';
import type { TestApp } from '../../support/app.js';
import { orderPayload } from '../../support/app.js';

export interface Button {
  name: string;
  value: string;
  text: string;
}

export interface Form {
  action: string;
  method: string;
  id: string;
  /** Hidden and text inputs by name, checked radios, selected options. */
  fields: Record<string, string>;
  radios: Record<string, string[]>;
  buttons: Button[];
  html: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

export function decode(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e] ?? _);
}

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z][\w-]*)(?:="([^"]*)")?/g)) out[m[1]!.toLowerCase()] = decode(m[2] ?? '');
  return out;
}

/** Visible text of a fragment (tags removed, entities decoded, whitespace collapsed). */
export function text(fragment: string): string {
  return decode(fragment.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' '))
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}

export function forms(page: string): Form[] {
  return [...page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((m) => {
    const a = attrs(m[1]!);
    const body = m[2]!;
    const fields: Record<string, string> = {};
    const radios: Record<string, string[]> = {};
    for (const im of body.matchAll(/<input\b([^>]*)>/g)) {
      const i = attrs(im[1]!);
      if (!i.name) continue;
      if (i.type === 'radio') {
        (radios[i.name] ??= []).push(i.value ?? '');
        if ('checked' in i) fields[i.name] = i.value ?? '';
      } else fields[i.name] = i.value ?? '';
    }
    const buttons = [...body.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map((bm) => {
      const b = attrs(bm[1]!);
      return { name: b.name ?? '', value: b.value ?? '', text: text(bm[2]!) || (b['aria-label'] ?? '') };
    });
    return { action: a.action ?? '', method: (a.method ?? 'get').toLowerCase(), id: a.id ?? '', fields, radios, buttons, html: body };
  });
}

/** Path and query of an absolute URL of the app (asserting it is the app's own). */
export function local(t: TestApp, url: string): string {
  const u = new URL(url, t.config.publicUrl);
  expect(u.origin).toBe(new URL(t.config.publicUrl).origin);
  return u.pathname + u.search;
}

export class Shopper {
  constructor(private readonly t: TestApp) {}

  get(url: string): Promise<LightMyRequestResponse> {
    return this.t.app.inject({ method: 'GET', url: local(this.t, url) });
  }

  /** Submits the form holding the button whose value (or name=value) is given, with field overrides. */
  submit(page: string, button: string | { name: string; value: string }, set: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const match = (b: Button) => (typeof button === 'string' ? b.value === button : b.name === button.name && b.value === button.value);
    const form = forms(page).find((f) => f.buttons.some(match));
    if (!form) throw new Error(`no form with button ${JSON.stringify(button)}`);
    const b = form.buttons.find(match)!;
    const fields = { ...form.fields, ...(b.name ? { [b.name]: b.value } : {}), ...set };
    return this.post(form.action, fields);
  }

  /** Submits a form found by its action (for forms whose only button has no value). */
  submitAction(page: string, action: string, set: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const form = forms(page).find((f) => f.action === action);
    if (!form) throw new Error(`no form posting to ${action}`);
    return this.post(form.action, { ...form.fields, ...set });
  }

  post(action: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.t.app.inject({
      method: 'POST',
      url: local(this.t, action),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows 303 redirects within the app; stops at the first page or a redirect elsewhere. */
  async follow(res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    let r = res;
    for (let i = 0; i < 10 && r.statusCode === 303; i++) {
      const loc = String(r.headers.location);
      if (new URL(loc, this.t.config.publicUrl).origin !== new URL(this.t.config.publicUrl).origin) return r;
      r = await this.get(loc);
    }
    return r;
  }
}

export async function createOrder(t: TestApp, over: Record<string, unknown> = {}): Promise<{ uuid: string; paymentUrl: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload(over)) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A payload for one method, with amount and currency. */
export function methodOrder(method: string, amount: number, currency: string, extra: Record<string, unknown> = {}, methodOptions: Record<string, unknown> = {}): Record<string, unknown> {
  return { grandTotal: amount, currency, payment: { method, amount, currency, methodOptions }, ...extra };
}

export async function readOrder(t: TestApp, uuid: string): Promise<{ paymentStatus: string; paymentIntents: { status: string; paymentMethodMetadata: Record<string, unknown> }[] }> {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${uuid}`, headers: t.bearer() });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The merchant redirect: returnUrl with an order token that verifies with the store's sandbox secret. */
export function merchantToken(t: TestApp, res: LightMyRequestResponse, returnUrl = 'https://shop.example/return'): Record<string, unknown> {
  expect(res.statusCode).toBe(303);
  const loc = new URL(String(res.headers.location));
  expect(`${loc.origin}${loc.pathname}`).toBe(returnUrl);
  const token = loc.searchParams.get('order-token');
  expect(token).toBeTruthy();
  return verify(token!, t.store.keys.sandbox.secretKey);
}
