// The boyi page: picks a game, draws its board, colours every move by the
// value the server's engine gives it, and plays against the computer. The
// server keeps nothing per user: the page holds the history of position
// strings, and the address holds the current position.
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
};

const COLOURS = { win: [0, 128, 0], lose: [128, 0, 0], tie: [232, 197, 0], draw: [232, 197, 0] };
const LETTERS = { win: 'W', lose: 'L', tie: 'T', draw: 'D' };
const SVG = 'http://www.w3.org/2000/svg';

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
  }
}

function setMessage(text) {
  const m = $('#message');
  m.textContent = text || '';
  m.hidden = !text;
}

// ---------- values ----------

function tag(v) {
  if (!v || v.result === 'unknown') return '?';
  if (v.score !== undefined) return v.score > 0 ? `+${v.score}` : v.score < 0 ? `−${-v.score}` : '0';
  if (v.result === 'draw' || v.result === 'tie' || v.remoteness === undefined) return LETTERS[v.result];
  return LETTERS[v.result] + v.remoteness;
}

function valueWords(v) {
  if (!v || v.result === 'unknown') return 'not solved';
  if (v.score !== undefined) {
    if (v.score === 0) return 'tie';
    return `${v.result} by ${Math.abs(v.score)}`;
  }
  if (v.result === 'draw') return 'draw (play goes on forever)';
  if (v.result === 'tie') return 'tie';
  return v.remoteness === undefined ? v.result : `${v.result} in ${v.remoteness}`;
}

// Higher is better for the mover within one kind of value.
function goodness(v) {
  if (v.score !== undefined) return v.score;
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

function movesByKey(st) {
  const out = new Map();
  const a = alphas(st.moves);
  st.moves.forEach((m, i) => out.set(JSON.stringify(m.at), [m, a[i]]));
  return out;
}

// ---------- boards ----------

function boardWidth() {
  return Math.max(240, Math.min($('#play').clientWidth, 720));
}

function connect4(el, st) {
  const b = st.board;
  const size = Math.floor(Math.min(64, (boardWidth() - 20) / b.width - 4));
  const grid = document.createElement('div');
  grid.className = 'c4';
  grid.style.setProperty('--cell', `${size}px`);
  grid.style.gridTemplateColumns = `repeat(${b.width}, ${size}px)`;
  const moves = movesByKey(st);
  for (let c = 0; c < b.width; c++) {
    const entry = moves.get(JSON.stringify(c));
    if (entry) {
      const head = moveElement('button', entry[0], entry[1], 'col-head');
      head.textContent = tag(entry[0].value);
      grid.appendChild(head);
    } else {
      grid.appendChild(document.createElement('span'));
    }
  }
  const four = fourInARow(b.rows);
  const lastRow = b.last === null || b.last === undefined ? -1 : b.rows.findIndex((row) => row[b.last] !== '.');
  for (let r = 0; r < b.height; r++) {
    for (let c = 0; c < b.width; c++) {
      const cell = document.createElement('div');
      cell.className = 'cell';
      const ch = b.rows[r][c];
      if (ch === 'X') cell.classList.add('p0');
      if (ch === 'O') cell.classList.add('p1');
      if (four.has(`${r},${c}`)) cell.classList.add('four');
      if (c === b.last && r === lastRow) cell.classList.add('last');
      const entry = moves.get(JSON.stringify(c));
      // The cell a stone would land in wears its column's value.
      if (entry && ch === '.' && (r === b.height - 1 || b.rows[r + 1][c] !== '.')) {
        cell.classList.add('ghost');
        cell.style.background = colour(entry[0].value.result, entry[1] * 0.55);
      }
      cell.addEventListener('click', () => entry && humanMove(entry[0].move));
      grid.appendChild(cell);
    }
  }
  el.appendChild(grid);
}

function fourInARow(rows) {
  const out = new Set();
  const h = rows.length;
  const w = h ? rows[0].length : 0;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const ch = rows[r][c];
      if (ch === '.') continue;
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        const cells = [0, 1, 2, 3].map((k) => [r + dr * k, c + dc * k]);
        if (cells.every(([y, x]) => y >= 0 && y < h && x >= 0 && x < w && rows[y][x] === ch)) {
          cells.forEach(([y, x]) => out.add(`${y},${x}`));
        }
      }
    }
  }
  return out;
}

function youngChess(el, st) {
  const b = st.board;
  const size = Math.floor(Math.min(72, (boardWidth() - 12) / b.cols - 3));
  const grid = document.createElement('div');
  grid.className = 'grid yc';
  grid.style.setProperty('--cell', `${size}px`);
  grid.style.gridTemplateColumns = `repeat(${b.cols}, ${size}px)`;
  const moves = movesByKey(st);
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.cols; c++) {
      const i = r * b.cols + c;
      const entry = moves.get(JSON.stringify([r, c]));
      let sq;
      if (entry) {
        sq = moveElement('button', entry[0], entry[1], 'sq');
        const val = document.createElement('span');
        val.className = 'val';
        val.textContent = tag(entry[0].value);
        sq.appendChild(val);
      } else {
        sq = document.createElement('div');
        sq.className = 'sq';
        if (b.owner[i] === 'B') sq.classList.add('own0');
        if (b.owner[i] === 'W') sq.classList.add('own1');
      }
      sq.insertAdjacentHTML('beforeend', `<span class="num a" title="Black scores">${b.a[i]}</span>` +
        `<span class="num b" title="White scores">${b.b[i]}</span>`);
      grid.appendChild(sq);
    }
  }
  el.appendChild(grid);
  const note = document.createElement('p');
  note.className = 'note';
  note.textContent = `Top left: Black's number; bottom right: White's. Score so far: Black ${b.scores[0]}, White ${b.scores[1]}.`;
  el.appendChild(note);
}

function chase(el, st) {
  const b = st.board;
  const size = Math.floor(Math.min(56, (boardWidth() - 12) / b.n - 3));
  const grid = document.createElement('div');
  grid.className = `grid chase${b.torus ? ' torus' : ''}`;
  grid.style.setProperty('--cell', `${size}px`);
  grid.style.gridTemplateColumns = `repeat(${b.n}, ${size}px)`;
  const moves = movesByKey(st);
  for (let r = 0; r < b.n; r++) {
    for (let c = 0; c < b.n; c++) {
      const entry = moves.get(JSON.stringify([r, c]));
      let sq;
      if (entry) {
        sq = moveElement('button', entry[0], entry[1], 'sq');
        sq.textContent = tag(entry[0].value);
      } else {
        sq = document.createElement('div');
        sq.className = 'sq';
      }
      const here = (p) => p[0] === r && p[1] === c;
      if (here(b.white) || here(b.black)) {
        sq.textContent = '';
        const piece = document.createElement('span');
        piece.className = `piece ${here(b.black) ? 'black' : 'white'}`;
        piece.textContent = here(b.black) ? 'B' : 'W';
        if (entry) piece.title = `capture: ${tag(entry[0].value)}`;
        sq.appendChild(piece);
      }
      grid.appendChild(sq);
    }
  }
  el.appendChild(grid);
  if (b.torus) {
    const note = document.createElement('p');
    note.className = 'note';
    note.textContent = `A torus: the edges wrap around. Black moves up to ${b.reach} cells in a line.`;
    el.appendChild(note);
  }
}

const layouts = new Map();

// Fruchterman-Reingold from a circle, deterministic, so a graph keeps its
// shape from move to move and visit to visit.
function layout(n, edges) {
  const key = `${n}:${JSON.stringify(edges)}`;
  if (layouts.has(key)) return layouts.get(key);
  const pos = Array.from({ length: n }, (_, i) => [
    Math.cos((2 * Math.PI * i) / n) * 0.4, Math.sin((2 * Math.PI * i) / n) * 0.4,
  ]);
  const k = Math.sqrt(1 / Math.max(n, 1)) * 0.9;
  for (let step = 0; step < 400; step++) {
    const t = 0.1 * (1 - step / 400) + 0.002;
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

function geography(el, st) {
  const b = st.board;
  const at = layout(b.n, b.edges);
  const ns = SVG;
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 480 400');
  svg.setAttribute('class', 'graph');
  const onPath = new Set();
  for (let i = 1; i < b.path.length; i++) onPath.add(`${Math.min(b.path[i - 1], b.path[i])}-${Math.max(b.path[i - 1], b.path[i])}`);
  for (const [u, v] of b.edges) {
    const line = document.createElementNS(ns, 'line');
    line.setAttribute('x1', at[u][0]);
    line.setAttribute('y1', at[u][1]);
    line.setAttribute('x2', at[v][0]);
    line.setAttribute('y2', at[v][1]);
    if (onPath.has(`${Math.min(u, v)}-${Math.max(u, v)}`)) line.setAttribute('class', 'used');
    svg.appendChild(line);
  }
  const moves = movesByKey(st);
  const token = b.path[b.path.length - 1];
  const visited = new Set(b.path.slice(0, -1));
  for (let v = 0; v < b.n; v++) {
    const entry = moves.get(JSON.stringify(v));
    const g = entry ? moveElement('g', entry[0], entry[1], '') : document.createElementNS(ns, 'g');
    if (entry) {
      g.setAttribute('class', `v move ${entry[0].value.result}`);
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
    } else {
      g.setAttribute('class', `v${visited.has(v) ? ' visited' : ''}${v === token ? ' token' : ''}`);
    }
    const circle = document.createElementNS(ns, 'circle');
    circle.setAttribute('cx', at[v][0]);
    circle.setAttribute('cy', at[v][1]);
    circle.setAttribute('r', entry ? 19 : 15);
    if (entry) circle.style.fill = colour(entry[0].value.result, entry[1]);
    g.appendChild(circle);
    const text = document.createElementNS(ns, 'text');
    text.setAttribute('x', at[v][0]);
    text.setAttribute('y', at[v][1] - (entry ? 5 : 0));
    text.textContent = v + 1;
    if (entry) text.style.fill = ink(entry[0].value.result, entry[1]);
    g.appendChild(text);
    if (entry) {
      const t2 = document.createElementNS(ns, 'text');
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
  const note = document.createElement('p');
  note.className = 'note';
  note.textContent = `The token is on vertex ${token + 1} (filled); grey vertices are used up.` +
    (st.solver === 'matching' ? ' This graph is too large to count moves: values say who wins, not how soon.' : '');
  el.appendChild(note);
}

function nim(el, st) {
  const b = st.board;
  const box = document.createElement('div');
  box.className = 'nim';
  const moves = movesByKey(st);
  b.heaps.forEach((size, h) => {
    const row = document.createElement('div');
    row.className = 'heap';
    row.innerHTML = `<span class="name">Heap ${h + 1}</span>`;
    for (let i = 0; i < size; i++) {
      const take = size - i;
      const entry = moves.get(JSON.stringify([h, take]));
      const counter = entry ? moveElement('button', entry[0], entry[1], 'counter') : document.createElement('span');
      if (entry) counter.textContent = tag(entry[0].value);
      else counter.className = 'counter unknown';
      counter.title = `${entry ? entry[0].label : ''}: ${entry ? valueWords(entry[0].value) : ''}`;
      row.appendChild(counter);
    }
    if (size === 0) row.insertAdjacentHTML('beforeend', '<span class="note">empty</span>');
    box.appendChild(row);
  });
  const x = document.createElement('p');
  x.className = 'xor';
  x.textContent = `Click a counter to take it and every counter to its right. Nim-sum (XOR of the heaps): ${b.xor}.`;
  box.appendChild(x);
  el.appendChild(box);
}

const BOARDS = {
  connect4,
  'young-chess': youngChess,
  chase,
  'torus-chase': chase,
  geography,
  nim,
};

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
    if (st.value.score !== undefined) {
      const s = st.board.scores;
      const end = s[0] === s[1] ? 'a tie' : `${players[s[0] > s[1] ? 0 : 1]} wins`;
      return `Game over: ${players[0]} ${s[0]}, ${players[1]} ${s[1]}: ${end}.`;
    }
    if (st.value.result === 'lose') {
      const [winner, w2] = subject(1 - st.to_move);
      return `Game over: ${winner} ${w2 ? 'win' : 'wins'}!`;
    }
    return 'Game over: a tie.';
  }
  if (entry.error) return `${mover} to move. Not solved on request.`;
  const v = st.value;
  let what;
  if (v.score !== undefined) {
    what = v.score === 0 ? 'a tie with best play' : `${who} ${verb(v.result)} by ${Math.abs(v.score)} with best play`;
  } else if (v.result === 'draw') {
    what = 'a draw: neither side can force a capture';
  } else if (v.result === 'tie') {
    what = 'a tie with best play';
  } else if (v.remoteness === undefined) {
    what = `${who} ${verb(v.result)} with best play`;
  } else {
    what = `${who} ${verb(v.result)} in ${v.remoteness}`;
  }
  const turn = app.mode === 'two' ? `${mover} to move` : (second ? `Your move (${mover})` : `Computer's move (${mover})`);
  return `${turn}: ${what}.`;
}

// The value for the first player, for the chart: margins as they are,
// outcomes higher the sooner the first player wins.
function firstPlayerValue(st, top) {
  const v = st.value;
  const sign = st.to_move === 0 ? 1 : -1;
  if (v.score !== undefined) return { y: sign * v.score, result: Math.sign(sign * v.score) };
  if (v.result === 'win' || v.result === 'lose') {
    const s = v.result === 'win' ? sign : -sign;
    const height = v.remoteness === undefined ? top : top + 1 - v.remoteness;
    return { y: s * Math.max(height, 1), result: s };
  }
  return { y: 0, result: 0 };
}

function drawChart() {
  const svg = $('#chart');
  const states = app.history.map((p) => app.states.get(p));
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

function drawMoveList(st) {
  const list = $('#move-list');
  list.innerHTML = '';
  if (st.over) {
    list.innerHTML = '<li>No moves: the game is over.</li>';
    return;
  }
  for (const m of st.moves) {
    const li = document.createElement('li');
    const chip = document.createElement('span');
    chip.className = `chip ${COLOURS[m.value.result] ? m.value.result : 'unknown'}`;
    chip.textContent = tag(m.value);
    li.appendChild(chip);
    li.append(` ${m.label}: ${valueWords(m.value)}`);
    list.appendChild(li);
  }
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
  const board = $('#board');
  board.innerHTML = '';
  board.dataset.position = st.position;
  board.dataset.toMove = st.to_move;
  board.dataset.over = st.over ? '1' : '0';
  BOARDS[st.game](board, st);
  const status = $('#status');
  status.textContent = statusWords(entry);
  if (st.game === 'connect4' && !st.over) {
    status.insertAdjacentHTML('afterbegin', `<span class="who" style="background: var(--p${st.to_move})"></span>`);
  }
  setMessage(entry.error || '');
  drawMoveList(st);
  drawChart();
  updateButtons();
  history.replaceState(null, '', `#${st.game}/${st.position}`);
}

// ---------- playing ----------

async function stateOf(position) {
  if (app.states.has(position)) return app.states.get(position);
  try {
    const state = await api('/api/analyze', { game: app.info.id, position });
    const entry = { state };
    app.states.set(position, entry);
    app.states.set(state.position, entry);
    return entry;
  } catch (e) {
    // Too slow or too big to solve: the board comes along, unvalued.
    if (e.data && e.data.state) return { state: e.data.state, error: e.message };
    throw e;
  }
}

async function show(position) {
  app.current = await stateOf(position);
  if (app.history[app.cursor] !== app.current.state.position) app.history[app.cursor] = app.current.state.position;
  render();
}

function push(position) {
  app.history = app.history.slice(0, app.cursor + 1);
  app.history.push(position);
  app.cursor = app.history.length - 1;
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
  await sleep(300);
  const r = await api('/api/computer', { game: app.info.id, position: entry.state.position, skill: app.skill });
  push(r.position);
  await show(r.position);
}

function humanMove(move) {
  if (app.pending > 0 || !humansTurn()) return;
  run(async () => {
    const r = await api('/api/play', { game: app.info.id, position: app.current.state.position, move });
    push(r.position);
    await show(r.position);
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
    if (p.help) label.insertAdjacentHTML('beforeend', `<span class="help">${p.help}</span>`);
    form.appendChild(label);
  }
  $('#rules').textContent = app.info.rules;
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

function fromAddress() {
  const hash = decodeURIComponent(window.location.hash.slice(1));
  const slash = hash.indexOf('/');
  if (slash < 0) return false;
  const id = hash.slice(0, slash);
  const position = hash.slice(slash + 1);
  if (!app.games.some((g) => g.id === id)) return false;
  if (app.current && app.current.state.game === id && app.current.state.position === position) return true;
  choose(id);
  run(async () => {
    app.history = [position];
    app.cursor = 0;
    await show(position);
    await computerIfDue();
  });
  return true;
}

async function init() {
  app.games = await api('/api/games');
  const picker = $('#game-picker');
  for (const g of app.games) picker.add(new Option(g.name, g.id));
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
  document.addEventListener('keydown', (e) => {
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

init().catch((e) => setMessage(`The page could not start: ${e.message}`));
