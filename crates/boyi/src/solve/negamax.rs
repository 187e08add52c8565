//! Memoised negamax for any acyclic game with hashable positions.
//!
//! The search keeps its own stack, so a game thousands of moves long needs no
//! deep native recursion. A position met again while it is still being
//! searched proves the game has a cycle, which is reported instead of looping.

use rustc_hash::FxHashMap;

use super::{value_moves, Analysis};
use crate::control::Control;
use crate::error::Error;
use crate::game::Game;
use crate::value::{Turn, Value};

#[derive(Clone, Copy)]
enum Memo<V> {
    Open,
    Done(V),
}

struct Frame<G: Game> {
    pos: G::Pos,
    /// This frame's moves are `arena[start..end]`; `next` is the one to try.
    start: usize,
    next: usize,
    end: usize,
    best: Option<G::Value>,
    /// The step that led to the child being searched now.
    pending: Option<(<G::Value as Value>::Reward, Turn)>,
}

pub struct Negamax<'g, G: Game> {
    game: &'g G,
    ctl: Control,
    memo: FxHashMap<G::Pos, Memo<G::Value>>,
}

impl<'g, G: Game> Negamax<'g, G> {
    const CHECK_EVERY: usize = 1 << 14;

    pub fn new(game: &'g G, ctl: Control) -> Self {
        Negamax { game, ctl, memo: FxHashMap::default() }
    }

    /// Positions solved so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    pub fn analyze(&mut self, pos: &G::Pos) -> Result<Analysis<G>, Error> {
        let game = self.game;
        value_moves(game, pos, |child| self.value(child))
    }

    pub fn value(&mut self, root: &G::Pos) -> Result<G::Value, Error> {
        match self.memo.get(root) {
            Some(Memo::Done(v)) => return Ok(*v),
            Some(Memo::Open) => return Err(Error::Cycle),
            None => {}
        }
        let game = self.game;
        let mut arena: Vec<G::Move> = Vec::new();
        let mut stack: Vec<Frame<G>> = Vec::new();
        self.open(root.clone(), &mut arena, &mut stack);
        let mut since_check = 0;
        loop {
            let top = stack.last_mut().expect("search stack is never empty here");
            if top.next < top.end {
                let mv = arena[top.next];
                top.next += 1;
                let step = game.play(&top.pos, mv);
                match self.memo.get(&step.pos) {
                    Some(Memo::Done(v)) => {
                        let v = G::Value::back(step.reward, step.turn, *v);
                        top.best = Some(top.best.map_or(v, |b| b.max(v)));
                    }
                    Some(Memo::Open) => return Err(Error::Cycle),
                    None => {
                        top.pending = Some((step.reward, step.turn));
                        self.open(step.pos, &mut arena, &mut stack);
                        since_check += 1;
                        if since_check == Self::CHECK_EVERY {
                            since_check = 0;
                            self.checkpoint()?;
                        }
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("search stack is never empty here");
            arena.truncate(frame.start);
            let value = frame.best.unwrap_or_else(|| game.terminal(&frame.pos));
            self.memo.insert(frame.pos, Memo::Done(value));
            let Some(parent) = stack.last_mut() else {
                return Ok(value);
            };
            let (reward, turn) = parent.pending.take().expect("a child was being searched");
            let v = G::Value::back(reward, turn, value);
            parent.best = Some(parent.best.map_or(v, |b| b.max(v)));
        }
    }

    fn open(&mut self, pos: G::Pos, arena: &mut Vec<G::Move>, stack: &mut Vec<Frame<G>>) {
        let start = arena.len();
        self.game.moves(&pos, arena);
        self.memo.insert(pos.clone(), Memo::Open);
        stack.push(Frame { pos, start, next: start, end: arena.len(), best: None, pending: None });
    }

    fn checkpoint(&self) -> Result<(), Error> {
        self.ctl.check()?;
        self.ctl.advance(Self::CHECK_EVERY as u64);
        let per_entry = std::mem::size_of::<(G::Pos, Memo<G::Value>)>() + 1;
        self.ctl.reserve("the negamax memo", (self.memo.capacity() * per_entry) as u64)
    }
}
