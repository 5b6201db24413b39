/**
 * The payment link page's delivery fields in the browser (served as /sdk/link-picker.js, an
 * esbuild IIFE: widget/bundles.ts). Progressive enhancement of the server-rendered form
 * (payments/links/pages.ts), which works without it:
 *  - fields follow the choice: a pickup-point delivery shows the pickup point picker and hides
 *    and disables the courier's address; a courier delivery the reverse (required there);
 *  - the <select> of every carrier's points becomes an editable combobox with list autocomplete
 *    (WAI-ARIA APG, "Editable Combobox With List Autocomplete"): typing filters the chosen
 *    carrier's points by name, street, postal code and town (every word, accents ignored; the
 *    points in a town the first word begins come first); Down
 *    and Up move through the list (aria-activedescendant); Enter chooses; Escape closes the list,
 *    or clears the box when it is closed; a live region says how many points match. The select
 *    stays in the form, hidden, and carries the chosen point.
 * No framework, no network request: the points are the select's own options.
 */

interface Point {
  id: string;
  label: string;
  /** The label folded for matching: lower case, accents removed. */
  key: string;
  /** The town, folded: the label ends with ", <postal code> <town>" (payments/links/pages.ts). */
  town: string;
  carrier: string;
}

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface Picker {
  /** Shows the points of `carrier` only; a chosen point of another carrier is dropped. */
  setCarrier(carrier: string): void;
  setEnabled(on: boolean): void;
}

function picker(wrap: HTMLElement, select: HTMLSelectElement): Picker {
  const points: Point[] = [];
  for (const group of Array.from(select.getElementsByTagName('optgroup'))) {
    const carrier = group.getAttribute('data-carrier') ?? '';
    for (const o of Array.from(group.getElementsByTagName('option'))) {
      const key = fold(o.text);
      points.push({ id: o.value, label: o.text, key, town: key.slice(key.lastIndexOf(', ') + 2).replace(/^\S+\s/, ''), carrier });
    }
  }
  const found = wrap.getAttribute('data-found') ?? '{count}';
  const missing = wrap.getAttribute('data-missing') ?? '';
  const status = document.getElementById('f-pickupPoint-status');
  const hint = document.getElementById('f-pickupPoint-hint');
  const label = wrap.getElementsByTagName('label')[0];

  // The combobox takes the select's id, so its label and the problem list's link lead to it.
  const id = select.id;
  select.id = `${id}-select`;
  select.hidden = true;
  const input = document.createElement('input');
  input.type = 'text';
  input.id = id;
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('autocapitalize', 'off');
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', `${id}-list`);
  const described = [hint ? hint.id : '', select.getAttribute('aria-describedby') ?? ''].filter(Boolean).join(' ');
  if (described) input.setAttribute('aria-describedby', described);
  if (select.getAttribute('aria-invalid')) input.setAttribute('aria-invalid', 'true');
  const list = document.createElement('ul');
  list.id = `${id}-list`;
  list.hidden = true;
  list.setAttribute('role', 'listbox');
  if (label) {
    label.id = `${id}-label`;
    list.setAttribute('aria-labelledby', label.id);
  }
  select.after(input, list);
  if (hint) hint.hidden = false;

  let carrier = '';
  let shown: Point[] = [];
  let active = -1;

  const option = (i: number) => document.getElementById(`${id}-o${i}`);
  const validity = () => input.setCustomValidity(select.value ? '' : missing);

  function setActive(i: number): void {
    option(active)?.setAttribute('aria-selected', 'false');
    active = i;
    const o = option(i);
    if (!o) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    o.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', o.id);
    o.scrollIntoView({ block: 'nearest' });
  }

  function render(): void {
    const words = fold(input.value)
      .split(/[\s,]+/)
      .filter(Boolean);
    const matches = points.filter((p) => p.carrier === carrier && words.every((w) => p.key.includes(w)));
    // The points in a town the first word names come first (then the rest, by town as listed).
    const first = words[0];
    shown = first ? [...matches.filter((p) => p.town.startsWith(first)), ...matches.filter((p) => !p.town.startsWith(first))] : matches;
    const items = document.createDocumentFragment();
    shown.forEach((p, i) => {
      const li = document.createElement('li');
      li.id = `${id}-o${i}`;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', 'false');
      li.textContent = p.label;
      items.appendChild(li);
    });
    active = -1;
    input.removeAttribute('aria-activedescendant');
    list.textContent = '';
    list.appendChild(items);
    if (status) status.textContent = found.replace('{count}', String(shown.length));
  }

  function open(): void {
    list.hidden = shown.length === 0;
    input.setAttribute('aria-expanded', String(!list.hidden));
  }

  function close(): void {
    setActive(-1);
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
  }

  function choose(i: number): void {
    const p = shown[i];
    if (!p) return;
    select.value = p.id;
    input.value = p.label;
    input.removeAttribute('aria-invalid');
    validity();
    close();
  }

  input.addEventListener('input', () => {
    select.value = '';
    validity();
    render();
    open();
  });
  input.addEventListener('keydown', (e) => {
    const isOpen = !list.hidden;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        const down = e.key === 'ArrowDown';
        if (!isOpen) {
          render();
          open();
          if (!e.altKey) setActive(down ? 0 : shown.length - 1);
        } else if (shown.length) {
          setActive(down ? (active + 1) % shown.length : active <= 0 ? shown.length - 1 : active - 1);
        }
        break;
      }
      case 'Enter':
        if (isOpen) {
          e.preventDefault();
          if (active >= 0) choose(active);
          else close();
        }
        break;
      case 'Escape':
        if (isOpen) {
          e.preventDefault();
          close();
        } else if (input.value) {
          e.preventDefault();
          input.value = '';
          select.value = '';
          validity();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  });
  input.addEventListener('click', () => {
    if (list.hidden) {
      render();
      open();
    }
  });
  input.addEventListener('blur', close);
  // A pointer on the list keeps the focus in the box (no blur before the click).
  list.addEventListener('mousedown', (e) => e.preventDefault());
  list.addEventListener('click', (e) => {
    const li = (e.target as Element).closest('li');
    if (li) choose(Array.prototype.indexOf.call(list.children, li));
  });

  const start = points.find((p) => p.id === select.value);
  if (start) input.value = start.label;

  return {
    setCarrier(next) {
      if (next === carrier) return;
      carrier = next;
      const chosen = points.find((p) => p.id === select.value);
      if (!chosen || chosen.carrier !== carrier) {
        select.value = '';
        input.value = '';
      }
      validity();
      close();
    },
    setEnabled(on) {
      input.disabled = !on;
      select.disabled = !on;
    },
  };
}

function enhance(): void {
  const radios = Array.from(document.querySelectorAll<HTMLInputElement>('input[type=radio][name=shipping]'));
  if (radios.length === 0) return;
  // Either may be missing: carriers without pickup points, or without a courier.
  const courier = document.getElementById('courier-fields') as HTMLFieldSetElement | null;
  const wrap = document.getElementById('pickup-fields');
  const select = document.getElementById('f-pickupPoint');
  const points = wrap && select instanceof HTMLSelectElement ? picker(wrap, select) : undefined;
  const address = courier ? Array.from(courier.getElementsByTagName('input')) : [];

  const follow = (): void => {
    const [kind = '', rest = ''] = (radios.find((r) => r.checked)?.value ?? '').split(':');
    const isPickup = kind === 'pickupPoint';
    const isCourier = kind === 'courier';
    if (wrap) wrap.hidden = !isPickup;
    points?.setEnabled(isPickup);
    if (isPickup) points?.setCarrier(rest);
    if (courier) {
      courier.hidden = !isCourier;
      courier.disabled = !isCourier;
    }
    for (const a of address) a.required = isCourier;
  };
  for (const r of radios) r.addEventListener('change', follow);
  follow();
}

enhance();
