// The boyi page: picks a game, draws its position from the diagram the
// server sends (a grid, heaps or a graph: data, never game-specific code),
// colours every move by the value the engine gives it, and plays against
// the computer. The server keeps nothing per user: the page holds the
// history of position strings, and the address holds the current position.
'use strict';

const $ = (selector) => document.querySelector(selector);

const app = {
  games: [],
  info: null,
  history: [],
  cursor: -1,
  // position -> {state, error}; only solved positions are kept.
  states: new Map(),
  current: null,
  mode: 'human-0',
  skill: 1,
  pending: 0,
  // Bumped whenever the shown position changes: a poll for an older one stops.
  showing: 0,
};

const COLOURS = { win: [0, 128, 0], lose: [128, 0, 0], tie: [232, 197, 0], draw: [232, 197, 0] };
const LETTERS = { win: 'W', lose: 'L', tie: 'T', draw: 'D' };
const SVG = 'http://www.w3.org/2000/svg';
// Seconds the server may take before it says a value is still being computed.
const WAIT = 0.3;

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, options);
  let data;
  try {
    data = await res.json();
  } catch (_) {
    data = { error: 'bad_response', message: `The server answered ${res.status}.` };
  }
  if (!res.ok) {
    const e = new Error(data.message || res.statusText);
    e.code = data.error;
    e.data = data;
    throw e;
  }
  return data;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Every user action runs through here: one at a time, with the busy flag
// up until the whole chain (a move, the computer's answer) is done.
async function run(task) {
  if (app.pending > 0) return;
  app.pending++;
  document.body.dataset.busy = '1';
  updateButtons();
  try {
    await task();
  } catch (e) {
    setMessage(e.message);
  } finally {
    app.pending--;
    document.body.dataset.busy = app.pending > 0 ? '1' : '0';
    updateButtons();
    // An address opened while busy (a bookmark, the back button) is
    // followed once the page is free, not dropped.
    if (app.pending === 0 && app.addressWaiting) {
      // (the task's own drawing wrote its position into the address since)
      history.replaceState(null, '', app.addressWaiting);
      app.addressWaiting = null;
      fromAddress();
    }
  }
}

function setMessage(text) {
  const m = $('#message');
  m.textContent = text || '';
  m.hidden = !text;
}

// ---------- values ----------

function known(v) {
  return v && v.result !== 'unknown';
}

function tag(v) {
  if (!known(v)) return '?';
  if (v.kind === 'score') return v.score > 0 ? `+${v.score}` : v.score < 0 ? `−${-v.score}` : '0';
  if (v.result === 'draw' || v.result === 'tie' || v.remoteness === undefined) return LETTERS[v.result];
  return LETTERS[v.result] + v.remoteness;
}

function valueWords(v) {
  if (!known(v)) return 'not solved yet';
  if (v.kind === 'score') return v.score === 0 ? 'level' : `${v.result} by ${Math.abs(v.score)}`;
  if (v.kind === 'nimber') return `${v.result} (nimber ${v.nimber})`;
  if (v.result === 'draw') return 'draw (play goes on forever)';
  if (v.result === 'tie') return 'tie';
  return v.remoteness === undefined ? v.result : `${v.result} in ${v.remoteness}`;
}

// Higher is better for the mover within one kind of value.
function goodness(v) {
  if (v.kind === 'score') return v.score;
  if (v.remoteness === undefined) return 0;
  return v.result === 'win' ? -v.remoteness : v.remoteness;
}

// Opacity of each move: the best of its kind (quickest win, longest loss,
// largest margin) is the most opaque, the worst of its kind the palest.
function alphas(moves) {
  const range = {};
  for (const m of moves) {
    const g = goodness(m.value);
    const r = range[m.value.result] || (range[m.value.result] = [g, g]);
    r[0] = Math.min(r[0], g);
    r[1] = Math.max(r[1], g);
  }
  return moves.map((m) => {
    const [lo, hi] = range[m.value.result];
    return hi === lo ? 1 : 0.35 + (0.65 * (goodness(m.value) - lo)) / (hi - lo);
  });
}

// The value's colour faded toward white: opaque, so it reads the same on
// any background (the full colour is exactly #008000, #800000, ...).
function colour(result, alpha) {
  const c = COLOURS[result];
  if (!c) return 'rgb(201, 201, 201)';
  const [r, g, b] = c.map((x) => Math.round(255 - alpha * (255 - x)));
  return `rgb(${r}, ${g}, ${b})`;
}

function ink(result, alpha) {
  return result === 'win' || result === 'lose' ? (alpha < 0.6 ? '#1d2430' : '#fff') : '#1d2430';
}

// A move element: its value as colour, fading, and a letter and number.
function moveElement(tagName, m, alpha, extraClass) {
  const el = tagName === 'g' ? document.createElementNS(SVG, 'g') : document.createElement(tagName);
  const result = m.value.result;
  el.setAttribute('class', `move ${COLOURS[result] ? result : 'unknown'} ${extraClass || ''}`);
  el.style.background = colour(result, alpha);
  el.style.color = ink(result, alpha);
  el.dataset.move = m.move;
  el.dataset.result = result;
  if (m.value.remoteness !== undefined) el.dataset.remoteness = m.value.remoteness;
  if (m.value.score !== undefined) el.dataset.score = m.value.score;
  el.title = `${m.label}: ${valueWords(m.value)}`;
  el.setAttribute('aria-label', el.title);
  if (tagName === 'button') el.type = 'button';
  el.addEventListener('click', (ev) => {
    ev.stopPropagation();
    humanMove(m.move);
  });
  return el;
}

// Moves by where they are drawn (the JSON of their target), each target's
// moves best first: several moves may land on one cell (two pieces that
// reach it), and none of them may hide another.
function movesByTarget(st) {
  const out = new Map();
  const a = alphas(st.moves);
  st.moves.forEach((m, i) => {
    if (!m.at) return;
    const key = JSON.stringify(m.at);
    if (!out.has(key)) out.set(key, []);
    out.get(key).push([m, a[i]]);
  });
  return out;
}

// ---------- pictures ----------

function boardWidth() {
  return Math.max(200, Math.min($('#play').clientWidth, 720));
}

// Pieces in the colours the game's words give them (White's pieces are
// white); otherwise the page's two.
const PIECE_COLOURS = {
  white: { fill: '#f4f2ea', ink: '#1d2430', edge: '#1d2430' },
  black: { fill: '#1d2430', ink: '#ffffff', edge: '#1d2430' },
  red: { fill: '#d7263d', ink: '#ffffff', edge: '#d7263d' },
  blue: { fill: '#1f5fbf', ink: '#ffffff', edge: '#1f5fbf' },
  yellow: { fill: '#f2c500', ink: '#1d2430', edge: '#b89500' },
};
const DEFAULT_PIECES = [PIECE_COLOURS.red, PIECE_COLOURS.blue];

function applyColours(names) {
  const root = document.documentElement.style;
  [0, 1].forEach((p) => {
    const c = (names && PIECE_COLOURS[names[p]]) || DEFAULT_PIECES[p];
    root.setProperty(`--p${p}`, c.fill);
    root.setProperty(`--p${p}-ink`, c.ink);
    root.setProperty(`--p${p}-edge`, c.edge);
  });
}

// The chip a target wears: its best move's value in a corner, the move's
// colour and letter, never over what the cell holds. It carries the best
// move's data (the page's tests read moves from `.move`).
function chipFor(entries, extraClass) {
  const [m, alpha] = entries[0];
  const chip = document.createElement('span');
  chip.setAttribute('class', `tag move ${COLOURS[m.value.result] ? m.value.result : 'unknown'} ${extraClass || ''}`);
  chip.style.background = colour(m.value.result, alpha);
  chip.style.color = ink(m.value.result, alpha);
  chip.dataset.move = m.move;
  chip.dataset.result = m.value.result;
  if (m.value.remoteness !== undefined) chip.dataset.remoteness = m.value.remoteness;
  if (m.value.score !== undefined) chip.dataset.score = m.value.score;
  chip.textContent = tag(m.value);
  if (entries.length > 1) {
    const more = document.createElement('span');
    more.className = 'more';
    more.textContent = `+${entries.length - 1}`;
    chip.appendChild(more);
  }
  return chip;
}

// A target cell: one move plays at once; several open a chooser that lists
// them, best first, so a worse move is never played for a better one.
function targetClick(entries, anchor) {
  return (ev) => {
    ev.stopPropagation();
    if (entries.length === 1) humanMove(entries[0][0].move);
    else openChooser(entries, anchor);
  };
}

function closeChooser() {
  const open = $('#chooser');
  if (open) open.remove();
}

function openChooser(entries, anchor) {
  closeChooser();
  if (app.pending > 0 || !humansTurn()) return;
  const box = document.createElement('div');
  box.id = 'chooser';
  box.className = 'chooser';
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-label', 'Moves to this square');
  const title = document.createElement('p');
  title.className = 'note';
  title.textContent = `${entries.length} moves end here; pick one:`;
  box.appendChild(title);
  for (const [m, alpha] of entries) {
    const row = moveElement('button', m, alpha, 'choice');
    row.textContent = '';
    const chip = document.createElement('span');
    chip.className = 'chip-text';
    chip.textContent = tag(m.value);
    row.appendChild(chip);
    row.append(` ${m.label}: ${valueWords(m.value)}`);
    row.addEventListener('click', closeChooser);
    box.appendChild(row);
  }
  // On the play column, not the board: the board scrolls sideways and
  // would clip a chooser below its last row.
  const play = $('#play');
  play.appendChild(box);
  const p = play.getBoundingClientRect();
  const a = anchor.getBoundingClientRect();
  box.style.left = `${Math.max(0, Math.min(a.left - p.left, play.clientWidth - box.offsetWidth))}px`;
  box.style.top = `${a.bottom - p.top + 4}px`;
  box.querySelector('button').focus();
}

function grid(el, st) {
  const d = st.diagram;
  const size = Math.floor(Math.max(22, Math.min(64, (boardWidth() - 20) / d.cols - 4)));
  const box = document.createElement('div');
  // Cells too small to hold a chip beside their contents wear it above.
  const tight = size < 46 && !d.drop;
  box.className = `grid${d.drop ? ' drop' : ''}${d.wraps ? ' wraps' : ''}${tight ? ' tight' : ''}`;
  box.style.setProperty('--cell', `${size}px`);
  box.style.gridTemplateColumns = `repeat(${d.cols}, ${size}px)`;
  const moves = movesByTarget(st);
  if (d.drop) {
    // A stone falls to the lowest empty cell: the column's head holds the
    // move, and that cell wears a ring of its value (a ring no stone has).
    for (let c = 0; c < d.cols; c++) {
      const entries = moves.get(JSON.stringify({ column: c }));
      if (entries) {
        const head = moveElement('button', entries[0][0], entries[0][1], 'col-head');
        head.textContent = tag(entries[0][0].value);
        box.appendChild(head);
      } else {
        box.appendChild(document.createElement('span'));
      }
    }
  }
  const landing = (r, c) => {
    if (!d.drop) return false;
    const empty = (y) => d.cells[y * d.cols + c].piece === undefined;
    return empty(r) && (r === d.rows - 1 || !empty(r + 1));
  };
  for (let r = 0; r < d.rows; r++) {
    for (let c = 0; c < d.cols; c++) {
      const cell = d.cells[r * d.cols + c];
      const entries = d.drop ? undefined : moves.get(JSON.stringify({ cell: [r, c] }));
      const column = d.drop ? moves.get(JSON.stringify({ column: c })) : undefined;
      const sq = document.createElement(entries ? 'button' : 'div');
      sq.className = 'sq';
      if (entries) {
        sq.type = 'button';
        const [best, alpha] = entries[0];
        sq.classList.add('target', COLOURS[best.value.result] ? best.value.result : 'unknown');
        sq.style.setProperty('--ring', colour(best.value.result, alpha));
        sq.dataset.moves = entries.length;
        sq.title = entries.map(([m]) => `${m.label}: ${valueWords(m.value)}`).join('\n');
        sq.setAttribute('aria-label', sq.title);
        sq.addEventListener('click', targetClick(entries, sq));
      } else if (column) {
        if (landing(r, c)) {
          sq.classList.add('ghost', column[0][0].value.result);
          sq.style.setProperty('--ring', colour(column[0][0].value.result, Math.max(column[0][1], 0.5)));
        }
        sq.addEventListener('click', () => humanMove(column[0][0].move));
      }
      if (cell.owner !== undefined) sq.classList.add(`own${cell.owner}`);
      for (const mark of cell.marks || []) sq.classList.add(mark);
      if (cell.piece !== undefined) {
        const piece = document.createElement('span');
        piece.className = `piece p${cell.piece}`;
        piece.textContent = cell.label || '';
        sq.appendChild(piece);
      } else if (cell.label) {
        const label = document.createElement('span');
        label.className = 'label';
        label.textContent = cell.label;
        sq.appendChild(label);
      }
      if (cell.worth) {
        sq.insertAdjacentHTML('beforeend', `<span class="num a" title="${app.info.players[0]} scores">${cell.worth[0]}</span>` +
          `<span class="num b" title="${app.info.players[1]} scores">${cell.worth[1]}</span>`);
      }
      if (entries) sq.appendChild(chipFor(entries));
      box.appendChild(sq);
    }
  }
  el.appendChild(box);
}

function heaps(el, st) {
  const box = document.createElement('div');
  box.className = 'heaps';
  const moves = movesByTarget(st);
  st.diagram.heaps.forEach((heap, h) => {
    const row = document.createElement('div');
    row.className = 'heap';
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = heap.label;
    row.appendChild(name);
    // The k-th counter from the right takes k: it and every one to its right.
    const shown = Math.min(heap.size, 60);
    for (let i = 0; i < shown; i++) {
      const take = heap.size - i;
      const entries = moves.get(JSON.stringify({ counter: [h, take] }));
      const entry = entries && entries[0];
      const counter = entry ? moveElement('button', entry[0], entry[1], 'counter') : document.createElement('span');
      if (entry) counter.textContent = tag(entry[0].value);
      else counter.className = 'counter unknown';
      row.appendChild(counter);
    }
    const count = document.createElement('span');
    count.className = 'note';
    count.textContent = heap.size === 0 ? 'empty' : heap.size > shown ? `${heap.size} (first ${shown} shown)` : `${heap.size}`;
    row.appendChild(count);
    box.appendChild(row);
  });
  if (moves.size > 0) {
    const x = document.createElement('p');
    x.className = 'note';
    x.textContent = 'Click a counter to take it and every counter to its right.';
    box.appendChild(x);
  }
  el.appendChild(box);
}

const layouts = new Map();
const grounded = [];

// A picture on the ground grows upwards: a vertex's height is its distance
// from the ground, and each row is ordered by where its lower neighbours
// stand. As edges are cut the picture keeps its first layout (any layout
// whose edges include the current ones), so nothing jumps when a part falls.
function groundLayout(n, edges, ground) {
  const has = (set, [u, v]) => set.has(`${u}-${v}`) || set.has(`${v}-${u}`);
  for (const kept of grounded) {
    if (kept.n === n && kept.ground === ground && edges.every((e) => has(kept.edges, e))) return kept.at;
  }
  const adjacent = Array.from({ length: n }, () => []);
  for (const [u, v] of edges) {
    if (u === v) continue;
    adjacent[u].push(v);
    adjacent[v].push(u);
  }
  const depth = new Array(n).fill(-1);
  depth[ground] = 0;
  const rows = [[ground]];
  for (let r = 0; rows[r].length > 0; r++) {
    const next = [];
    for (const u of rows[r]) {
      for (const v of adjacent[u]) {
        if (depth[v] < 0) {
          depth[v] = r + 1;
          next.push(v);
        }
      }
    }
    rows.push(next);
  }
  rows.pop();
  const loose = [...Array(n).keys()].filter((v) => depth[v] < 0);
  if (loose.length > 0) rows.push(loose);
  const x = new Array(n).fill(0.5);
  rows.forEach((row, r) => {
    if (r > 0) {
      const below = (v) => {
        const under = adjacent[v].filter((w) => depth[w] === r - 1);
        return under.length ? under.reduce((a, w) => a + x[w], 0) / under.length : 0.5;
      };
      const key = new Map(row.map((v) => [v, below(v)]));
      row.sort((a, b) => key.get(a) - key.get(b) || a - b);
    }
    row.forEach((v, i) => { x[v] = (i + 1) / (row.length + 1); });
  });
  const height = Math.max(rows.length - 1, 1);
  const at = new Array(n);
  rows.forEach((row, r) => {
    for (const v of row) at[v] = [40 + x[v] * 400, 340 - (r / height) * 300];
  });
  grounded.push({ n, ground, edges: new Set(edges.map(([u, v]) => `${u}-${v}`)), at });
  return at;
}

// Fruchterman-Reingold from a circle, deterministic, so a graph keeps its
// shape from move to move and visit to visit.
function layout(n, edges) {
  const key = `${n}:${JSON.stringify(edges)}`;
  if (layouts.has(key)) return layouts.get(key);
  const pos = Array.from({ length: n }, (_, i) => [
    Math.cos((2 * Math.PI * i) / n) * 0.4, Math.sin((2 * Math.PI * i) / n) * 0.4,
  ]);
  const k = Math.sqrt(1 / Math.max(n, 1)) * 0.9;
  const steps = n > 200 ? 0 : 400;
  for (let step = 0; step < steps; step++) {
    const t = 0.1 * (1 - step / steps) + 0.002;
    const d = pos.map(() => [0, 0]);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const dx = pos[i][0] - pos[j][0];
        const dy = pos[i][1] - pos[j][1];
        const dist = Math.max(Math.hypot(dx, dy), 0.01);
        const f = (k * k) / dist;
        d[i][0] += (dx / dist) * f;
        d[i][1] += (dy / dist) * f;
      }
    }
    for (const [u, v] of edges) {
      const dx = pos[u][0] - pos[v][0];
      const dy = pos[u][1] - pos[v][1];
      const dist = Math.max(Math.hypot(dx, dy), 0.01);
      const f = (dist * dist) / k;
      d[u][0] -= (dx / dist) * f;
      d[u][1] -= (dy / dist) * f;
      d[v][0] += (dx / dist) * f;
      d[v][1] += (dy / dist) * f;
    }
    for (let i = 0; i < n; i++) {
      const len = Math.max(Math.hypot(d[i][0], d[i][1]), 1e-9);
      pos[i][0] += (d[i][0] / len) * Math.min(len, t);
      pos[i][1] += (d[i][1] / len) * Math.min(len, t);
    }
  }
  const xs = pos.map((p) => p[0]);
  const ys = pos.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const out = pos.map(([x, y]) => [
    40 + ((x - x0) / Math.max(x1 - x0, 1e-9)) * 400, 40 + ((y - y0) / Math.max(y1 - y0, 1e-9)) * 320,
  ]);
  layouts.set(key, out);
  return out;
}

function graph(el, st) {
  const d = st.diagram;
  const n = d.vertices;
  const at = d.ground === undefined ? layout(n, d.edges) : groundLayout(n, d.edges, d.ground);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 480 400');
  svg.setAttribute('class', 'graph');
  const used = new Set();
  for (let i = 1; i < d.path.length; i++) used.add(`${Math.min(d.path[i - 1], d.path[i])}-${Math.max(d.path[i - 1], d.path[i])}`);
  const moves = movesByTarget(st);
  if (d.ground !== undefined) {
    const base = document.createElementNS(SVG, 'line');
    base.setAttribute('class', 'ground');
    base.setAttribute('x1', at[d.ground][0] - 40);
    base.setAttribute('x2', at[d.ground][0] + 40);
    base.setAttribute('y1', at[d.ground][1] + 22);
    base.setAttribute('y2', at[d.ground][1] + 22);
    svg.appendChild(base);
  }
  // Parallel edges bow apart and loops circle above their vertex, so every
  // edge of a Hackenbush picture can be seen and cut.
  const copies = new Map();
  for (const [u, v] of d.edges) {
    const key = `${Math.min(u, v)}-${Math.max(u, v)}`;
    copies.set(key, (copies.get(key) || 0) + 1);
  }
  const drawn = new Map();
  for (const [u, v] of d.edges) {
    const key = `${Math.min(u, v)}-${Math.max(u, v)}`;
    const index = drawn.get(key) || 0;
    drawn.set(key, index + 1);
    // Parallel edges are as many moves on one target: the k-th copy drawn is the k-th move.
    const entries = moves.get(JSON.stringify({ edge: [u, v] })) || moves.get(JSON.stringify({ edge: [v, u] }));
    const entry = entries && entries[Math.min(index, entries.length - 1)];
    const path = entry ? moveElement('g', entry[0], entry[1], '') : document.createElementNS(SVG, 'g');
    const line = document.createElementNS(SVG, 'path');
    const [x1, y1] = at[u];
    const [x2, y2] = at[v];
    if (u === v) {
      const r = 14 + 8 * index;
      line.setAttribute('d', `M ${x1} ${y1} C ${x1 - 2 * r} ${y1 - 3 * r} ${x1 + 2 * r} ${y1 - 3 * r} ${x1} ${y1}`);
    } else {
      const bow = (index - (copies.get(key) - 1) / 2) * 36;
      const len = Math.max(Math.hypot(x2 - x1, y2 - y1), 1);
      const cx = (x1 + x2) / 2 - ((y2 - y1) / len) * bow;
      const cy = (y1 + y2) / 2 + ((x2 - x1) / len) * bow;
      line.setAttribute('d', `M ${x1} ${y1} Q ${cx} ${cy} ${x2} ${y2}`);
    }
    if (entry) {
      path.setAttribute('class', `e move ${entry[0].value.result}`);
      path.setAttribute('tabindex', '0');
      path.setAttribute('role', 'button');
      path.style.background = '';
      line.style.stroke = colour(entry[0].value.result, Math.max(entry[1], 0.35));
    } else if (used.has(key)) {
      line.setAttribute('class', 'used');
    }
    path.appendChild(line);
    svg.appendChild(path);
  }
  const visited = new Set(d.visited);
  for (let v = 0; v < n; v++) {
    const entries = moves.get(JSON.stringify({ vertex: v }));
    const entry = entries && entries[0];
    const g = entry ? moveElement('g', entry[0], entry[1], '') : document.createElementNS(SVG, 'g');
    if (entry) {
      g.setAttribute('class', `v move ${entry[0].value.result}`);
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
    } else {
      g.setAttribute('class', `v${visited.has(v) ? ' visited' : ''}${v === d.token ? ' token' : ''}${v === d.ground ? ' ground' : ''}`);
    }
    const circle = document.createElementNS(SVG, 'circle');
    circle.setAttribute('cx', at[v][0]);
    circle.setAttribute('cy', at[v][1]);
    circle.setAttribute('r', entry ? 19 : 15);
    if (entry) circle.style.fill = colour(entry[0].value.result, entry[1]);
    g.appendChild(circle);
    const text = document.createElementNS(SVG, 'text');
    text.setAttribute('x', at[v][0]);
    text.setAttribute('y', at[v][1] - (entry ? 5 : 0));
    text.textContent = v + 1;
    if (entry) text.style.fill = ink(entry[0].value.result, entry[1]);
    g.appendChild(text);
    if (entry) {
      const t2 = document.createElementNS(SVG, 'text');
      t2.setAttribute('class', 'tag');
      t2.setAttribute('x', at[v][0]);
      t2.setAttribute('y', at[v][1] + 8);
      t2.textContent = tag(entry[0].value);
      t2.style.fill = text.style.fill;
      g.appendChild(t2);
    }
    svg.appendChild(g);
  }
  el.appendChild(svg);
}

const PICTURES = { grid, heaps, graph };

function drawNotes(el, st) {
  const lines = [...st.diagram.notes, ...st.notes];
  if (st.unlisted > 0) lines.push(`${st.unlisted} more moves are not listed.`);
  for (const line of lines) {
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = line;
    el.appendChild(p);
  }
}

// ---------- status, chart, move list ----------

function humanSide() {
  return app.mode === 'human-1' ? 1 : 0;
}

function subject(player) {
  if (app.mode === 'two') return [app.info.players[player], false];
  return player === humanSide() ? ['You', true] : ['The computer', false];
}

function statusWords(entry) {
  const st = entry.state;
  const players = app.info.players;
  const mover = players[st.to_move];
  const [who, second] = subject(st.to_move);
  const verb = (w) => (second ? w : `${w}s`);
  if (st.over) {
    if (st.points) {
      const [a, b] = st.points;
      const end = a === b ? 'a tie' : `${players[a > b ? 0 : 1]} wins`;
      return `Game over: ${players[0]} ${a}, ${players[1]} ${b}: ${end}.`;
    }
    if (st.value.result === 'lose') {
      const [winner, w2] = subject(1 - st.to_move);
      return `Game over: ${winner} ${w2 ? 'win' : 'wins'}!`;
    }
    if (st.value.result === 'win') return `Game over: ${who} ${verb('win')}!`;
    return 'Game over: a tie.';
  }
  const turn = app.mode === 'two' ? `${mover} to move` : (second ? `Your move (${mover})` : `Computer's move (${mover})`);
  if (entry.thinking) {
    const p = entry.thinking;
    const count = p.total > 0 ? ` (${p.label}: ${p.done} of ${p.total})` : p.label ? ` (${p.label})` : '';
    return `${turn}: thinking${count}…`;
  }
  if (entry.error) return `${turn}. Not solved on request.`;
  const v = st.value;
  let what;
  if (v.kind === 'score') {
    what = v.score === 0 ? 'level with best play' : `${who} ${verb(v.result)} by ${Math.abs(v.score)} with best play`;
  } else if (v.result === 'draw') {
    what = `a draw: neither side can force ${app.info.end || 'an end'}`;
  } else if (v.result === 'tie') {
    what = 'a tie with best play';
  } else if (v.remoteness === undefined) {
    what = `${who} ${verb(v.result)} with best play`;
  } else {
    what = `${who} ${verb(v.result)} in ${v.remoteness}`;
  }
  return `${turn}: ${what}.`;
}

// The value for the first player, for the chart: margins as they are,
// outcomes higher the sooner the first player wins.
function firstPlayerValue(st, top) {
  const v = st.value;
  const sign = st.to_move === 0 ? 1 : -1;
  if (v.kind === 'score') return { y: sign * v.score, result: Math.sign(sign * v.score) };
  if (v.result === 'win' || v.result === 'lose') {
    const s = v.result === 'win' ? sign : -sign;
    const height = v.remoteness === undefined ? top : top + 1 - v.remoteness;
    return { y: s * Math.max(height, 1), result: s };
  }
  return { y: 0, result: 0 };
}

function drawChart() {
  const svg = $('#chart');
  const states = app.history.map((p) => app.states.get(p)).map((e) => (e && known(e.state.value) ? e : null));
  const rem = states.filter(Boolean).map((e) => e.state.value.remoteness || 0);
  const top = Math.max(1, ...rem) + 1;
  const points = states.map((e, i) => (e ? { i, ...firstPlayerValue(e.state, top) } : null));
  const ymax = Math.max(1, ...points.filter(Boolean).map((p) => Math.abs(p.y)));
  const n = Math.max(app.history.length - 1, 1);
  const X = (i) => 12 + (i / n) * 296;
  const Y = (y) => 70 - (y / ymax) * 58;
  let out = '<line x1="0" y1="70" x2="320" y2="70" stroke="#bbb" stroke-dasharray="4 3"/>';
  out += `<line x1="${X(app.cursor)}" y1="4" x2="${X(app.cursor)}" y2="136" stroke="#1d2430" stroke-width="1" opacity=".35"/>`;
  let path = '';
  points.forEach((p) => {
    if (p) path += `${path ? 'L' : 'M'}${X(p.i).toFixed(1)},${Y(p.y).toFixed(1)}`;
  });
  if (path) out += `<path d="${path}" fill="none" stroke="#5b6577" stroke-width="1.5"/>`;
  const fill = { 1: 'rgb(0,128,0)', '-1': 'rgb(128,0,0)', 0: 'rgb(232,197,0)' };
  points.forEach((p) => {
    if (!p) return;
    const later = p.i > app.cursor ? ' opacity=".3"' : '';
    out += `<circle cx="${X(p.i)}" cy="${Y(p.y)}" r="4" fill="${fill[p.result]}" stroke="#1d2430" stroke-width=".6"${later}/>`;
  });
  svg.innerHTML = out;
  const p = app.info.players;
  $('#chart-note').textContent = app.info.values === 'score'
    ? `Move by move, ${p[0]}'s margin under best play: above the line ${p[0]} is ahead, below ${p[1]}.`
    : `Move by move, who wins with best play: above the line ${p[0]} (higher: sooner), below ${p[1]}; on it, a tie or draw.`;
}

// The game's own picture of the position (a Grundy sequence, a map of who
// wins, how remoteness spreads over a solved board), where it draws one:
// SVG drawn by the server, shown through an image so it runs nothing here.
function drawPicture(st) {
  const key = `${st.game}/${st.position}`;
  if (app.pictureKey === key) return;
  app.pictureKey = key;
  const panel = $('#picture-panel');
  api('/api/picture', { game: st.game, position: st.position }).then((r) => {
    if (app.pictureKey !== key) return;
    if (!r.svg) {
      panel.hidden = true;
      return;
    }
    const img = $('#picture');
    if (img.src.startsWith('blob:')) URL.revokeObjectURL(img.src);
    img.src = URL.createObjectURL(new Blob([r.svg], { type: 'image/svg+xml' }));
    img.alt = `${app.info.name}: a picture of this position`;
    panel.hidden = false;
  }).catch(() => {
    if (app.pictureKey === key) panel.hidden = true;
  });
}

// Every move, best first; each can be played from here (moves the picture
// has no place for are played only here).
function drawMoveList(st) {
  const list = $('#move-list');
  list.innerHTML = '';
  if (st.over) {
    list.innerHTML = '<li>No moves: the game is over.</li>';
    return;
  }
  const a = alphas(st.moves);
  st.moves.forEach((m, i) => {
    const li = document.createElement('li');
    const chip = moveElement('button', m, a[i], 'chip');
    chip.textContent = tag(m.value);
    li.appendChild(chip);
    li.append(` ${m.label}: ${valueWords(m.value)}`);
    list.appendChild(li);
  });
}

function updateButtons() {
  const idle = app.pending === 0;
  $('#undo').disabled = !idle || app.cursor <= 0;
  $('#redo').disabled = !idle || app.cursor >= app.history.length - 1;
}

function render() {
  const entry = app.current;
  if (!entry) return;
  const st = entry.state;
  closeChooser();
  applyColours(st.diagram.colours);
  const board = $('#board');
  board.innerHTML = '';
  board.dataset.position = st.position;
  board.dataset.toMove = st.to_move;
  board.dataset.over = st.over ? '1' : '0';
  board.dataset.thinking = entry.thinking ? '1' : '0';
  board.dataset.game = st.game;
  PICTURES[st.diagram.kind](board, st);
  drawNotes(board, st);
  const status = $('#status');
  status.textContent = statusWords(entry);
  if (!st.over) {
    status.insertAdjacentHTML('afterbegin', `<span class="who" style="background: var(--p${st.to_move}); --edge: var(--p${st.to_move}-edge)"></span>`);
  }
  setMessage(entry.error || '');
  drawMoveList(st);
  drawChart();
  drawPicture(st);
  updateButtons();
  history.replaceState(null, '', `#${st.game}/${st.position}`);
}

// ---------- asking the server ----------

// The analysis of `position`: from memory, or from the server, which may
// answer that it is still thinking (`thinking` then holds its progress).
async function ask(position) {
  if (app.states.has(position)) return app.states.get(position);
  try {
    const r = await api('/api/analyze', { game: app.info.id, position, wait: WAIT });
    if (r.pending) return { state: r.state, thinking: r.progress || {} };
    const entry = { state: r };
    app.states.set(position, entry);
    app.states.set(r.position, entry);
    return entry;
  } catch (e) {
    // Too slow or too big to solve: the picture comes along, unvalued.
    if (e.data && e.data.state) return { state: e.data.state, error: e.message };
    throw e;
  }
}

// Shows `position` at once, unvalued if need be, and keeps asking until
// its values come (or the page moves on).
async function show(position) {
  const ticket = ++app.showing;
  let entry = await ask(position);
  for (;;) {
    if (ticket !== app.showing) return entry;
    app.current = entry;
    if (app.history[app.cursor] !== entry.state.position) app.history[app.cursor] = entry.state.position;
    render();
    if (!entry.thinking) return entry;
    await sleep(300);
    entry = await ask(position);
  }
}

// Moves on to `position`: into the history once it is shown, so that a
// position the server refused never enters it.
async function advance(position) {
  const [history, cursor] = [app.history, app.cursor];
  app.history = app.history.slice(0, app.cursor + 1);
  app.history.push(position);
  app.cursor = app.history.length - 1;
  try {
    await show(position);
  } catch (e) {
    [app.history, app.cursor] = [history, cursor];
    throw e;
  }
}

function humansTurn() {
  const entry = app.current;
  if (!entry || entry.state.over) return false;
  // Where the computer cannot solve, a person moves for it.
  return app.mode === 'two' || entry.error || entry.state.to_move === humanSide();
}

async function computerIfDue() {
  const entry = app.current;
  if (!entry || app.mode === 'two' || entry.state.over || entry.state.to_move === humanSide()) return;
  if (entry.error) {
    setMessage(`${entry.error} The computer cannot choose here: make its move for it.`);
    return;
  }
  if (entry.thinking) return;
  await sleep(300);
  const r = await api('/api/computer', { game: app.info.id, position: entry.state.position, skill: app.skill });
  await advance(r.position);
}

function humanMove(move) {
  if (app.pending > 0 || !humansTurn()) return;
  run(async () => {
    const r = await api('/api/play', { game: app.info.id, position: app.current.state.position, move });
    await advance(r.position);
    await computerIfDue();
  });
}

function humanTurnAt(i) {
  const e = app.states.get(app.history[i]);
  return !e || e.state.to_move === humanSide();
}

function undo() {
  if (app.cursor <= 0) return;
  run(async () => {
    let c = app.cursor - 1;
    if (app.mode !== 'two') while (c > 0 && !humanTurnAt(c)) c--;
    app.cursor = c;
    await show(app.history[c]);
    // Back at the start with the computer to move: it moves again.
    await computerIfDue();
  });
}

function redo() {
  if (app.cursor >= app.history.length - 1) return;
  run(async () => {
    let c = app.cursor + 1;
    if (app.mode !== 'two') while (c < app.history.length - 1 && !humanTurnAt(c)) c++;
    app.cursor = c;
    await show(app.history[c]);
  });
}

// ---------- setup ----------

function renderParams() {
  const form = $('#params');
  form.innerHTML = '';
  for (const p of app.info.params) {
    const label = document.createElement('label');
    label.textContent = p.label;
    const input = document.createElement('input');
    input.id = `param-${p.name}`;
    input.name = p.name;
    input.type = p.kind === 'int' ? 'number' : 'text';
    if (p.min !== undefined) input.min = p.min;
    if (p.max !== undefined) input.max = p.max;
    input.value = p.default;
    label.appendChild(input);
    if (p.help) {
      const help = document.createElement('span');
      help.className = 'help';
      help.textContent = p.help;
      label.appendChild(help);
    }
    form.appendChild(label);
  }
  $('#rules').textContent = app.info.rules;
}

// The form shows the game an address opened, so that New game starts it again.
function fillForm(params) {
  for (const [name, value] of Object.entries(params || {})) {
    const input = $(`#param-${name}`);
    if (input && document.activeElement !== input) input.value = value;
  }
}

function readParams() {
  const params = {};
  for (const p of app.info.params) {
    const v = $(`#param-${p.name}`).value.trim();
    if (v !== '') params[p.name] = p.kind === 'int' ? Number(v) : v;
  }
  return params;
}

function choose(id) {
  app.info = app.games.find((g) => g.id === id) || app.games[0];
  $('#game-picker').value = app.info.id;
  renderParams();
}

function newGame() {
  run(async () => {
    setMessage('');
    const { position } = await api('/api/start', { game: app.info.id, params: readParams() });
    app.history = [position];
    app.cursor = 0;
    await show(position);
    await computerIfDue();
  });
}

// `#game/position` opens that position; `#game` alone starts that game.
function fromAddress() {
  const hash = decodeURIComponent(window.location.hash.slice(1));
  if (!hash) return false;
  const slash = hash.indexOf('/');
  const id = slash < 0 ? hash : hash.slice(0, slash);
  if (!app.games.some((g) => g.id === id)) return false;
  if (app.pending > 0) {
    app.addressWaiting = window.location.hash;
    return true;
  }
  if (slash < 0) {
    choose(id);
    newGame();
    return true;
  }
  const position = hash.slice(slash + 1);
  if (app.current && app.current.state.game === id && app.current.state.position === position) return true;
  run(async () => {
    const before = [app.info, app.history, app.cursor];
    choose(id);
    app.history = [position];
    app.cursor = 0;
    try {
      await show(position);
    } catch (e) {
      // A position the server refuses leaves the page as it was.
      [app.info, app.history, app.cursor] = before;
      $('#game-picker').value = app.info.id;
      renderParams();
      throw e;
    }
    fillForm(app.current.state.params);
    await computerIfDue();
  });
  return true;
}

// Whether the browser has a font for 博弈: without one it would draw two
// boxes, and the page then shows the name in Latin letters only.
function cjkRenders() {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return true;
  ctx.font = '32px sans-serif';
  const missing = ctx.measureText('\uE83A\uE83B').width;
  return ctx.measureText('博弈').width !== missing;
}

async function init() {
  const cjk = cjkRenders();
  if (!cjk) $('#cjk').hidden = true;
  app.games = await api('/api/games');
  const picker = $('#game-picker');
  // Without a CJK font a name's Chinese part would be boxes: left out.
  const named = (g) => (cjk ? g.name : g.name.replace(/\s*\([^)]*[\u3400-\u9fff][^)]*\)/g, ''));
  for (const g of app.games) picker.add(new Option(named(g), g.id));
  picker.addEventListener('change', () => {
    choose(picker.value);
    newGame();
  });
  $('#start').addEventListener('click', newGame);
  $('#restart').addEventListener('click', newGame);
  $('#undo').addEventListener('click', undo);
  $('#redo').addEventListener('click', redo);
  $('#mode').addEventListener('change', (e) => {
    app.mode = e.target.value;
    if (app.current) render();
    run(computerIfDue);
  });
  const skill = $('#skill');
  skill.addEventListener('input', () => {
    app.skill = Number(skill.value);
    $('#skill-out').textContent = app.skill >= 1 ? 'perfect' : `${Math.round(app.skill * 100)}%`;
  });
  $('#show-values').addEventListener('change', (e) => $('#play').classList.toggle('hide-values', !e.target.checked));
  document.addEventListener('click', (e) => {
    if (!e.target.closest('#chooser')) closeChooser();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closeChooser();
    if (e.target.closest('input, select, textarea')) return;
    if (e.key === 'u') undo();
    if (e.key === 'r') redo();
  });
  window.addEventListener('hashchange', fromAddress);
  let resize;
  window.addEventListener('resize', () => {
    clearTimeout(resize);
    resize = setTimeout(render, 150);
  });
  if (!fromAddress()) {
    choose(app.games[0].id);
    newGame();
  }
}

// Partizan games (Domineering, Hackenbush, ...): a position's value is a
// game, told in CGSuite's notation with every move's value, each side's
// best marked, and the thermograph.
const CLASS_WORDS = {
  L: 'Left wins whoever starts',
  R: 'Right wins whoever starts',
  P: 'the second player wins',
  N: 'the first player wins',
};

async function cgtValue() {
  const out = $('#cgt-result');
  if (out.dataset.state === 'busy') return;
  out.dataset.state = 'busy';
  const summary = $('#cgt-summary');
  const list = $('#cgt-moves');
  const plot = $('#cgt-plot');
  summary.textContent = 'Valuing…';
  list.replaceChildren();
  plot.hidden = true;
  try {
    const { report: r, svg } = await api('/api/cgt', { game: $('#cgt-game').value, position: $('#cgt-position').value });
    const lines = [
      `Value ${r.value}: ${CLASS_WORDS[r.class]} (${r.class}).`,
      `Stops ${r.left_stop} (Left first) and ${r.right_stop} (Right first); mean ${r.mean}, temperature ${r.temperature}.`,
      `Reduced canonical form ${r.reduced} (up to infinitesimals).`,
    ];
    if (r.parts && r.parts.length > 1) {
      const parts = r.parts.map((p) => `${p.position} = ${p.value} (temperature ${p.temperature})`);
      lines.push(`${r.parts.length} parts, hottest first: ${parts.join('; ')}.`);
    }
    summary.replaceChildren(...lines.flatMap((l, i) => (i ? [document.createElement('br'), l] : [l])));
    for (const m of r.moves || []) {
      const li = document.createElement('li');
      li.className = `cgt-move side-${m.side}${m.best ? ' best' : ''}`;
      li.dataset.side = m.side;
      li.dataset.best = m.best ? '1' : '0';
      li.textContent = `${m.side === 'L' ? 'Left' : 'Right'} → ${m.position} = ${m.value}${m.best ? ' (best)' : ''}`;
      list.append(li);
    }
    if (svg) {
      plot.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      plot.hidden = false;
    }
    out.dataset.state = 'done';
  } catch (e) {
    summary.textContent = e.message;
    out.dataset.state = 'error';
  }
}

async function cgtInit() {
  const games = await api('/api/partizan');
  const picker = $('#cgt-game');
  for (const g of games) {
    const o = document.createElement('option');
    o.value = g.id;
    o.textContent = g.id;
    picker.append(o);
  }
  const example = () => {
    const g = games.find((x) => x.id === picker.value);
    $('#cgt-position').value = g.example;
    $('#cgt-about').textContent = g.about.replace(/`/g, '');
  };
  picker.addEventListener('change', example);
  example();
  $('#cgt-value').addEventListener('click', cgtValue);
  $('#cgt-position').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') cgtValue();
  });
}

init().catch((e) => setMessage(`The page could not start: ${e.message}`));
cgtInit().catch((e) => {
  $('#cgt-summary').textContent = `Partizan values are unavailable: ${e.message}`;
});
