//! Solved values kept between requests under one memory cap: whole tables
//! (a young-chess board, a chase board) and finished analyses. The least
//! recently used entries leave first once the cap is reached.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

type Item = Arc<dyn Any + Send + Sync>;

struct Slot {
    item: Item,
    bytes: u64,
    used: u64,
}

#[derive(Default)]
struct Inner {
    slots: HashMap<String, Slot>,
    bytes: u64,
    clock: u64,
}

pub struct Cache {
    cap: u64,
    inner: Mutex<Inner>,
}

impl Cache {
    pub fn new(cap: u64) -> Self {
        Cache { cap, inner: Mutex::new(Inner::default()) }
    }

    pub fn cap(&self) -> u64 {
        self.cap
    }

    /// Bytes held now.
    pub fn bytes(&self) -> u64 {
        self.lock().bytes
    }

    pub fn len(&self) -> usize {
        self.lock().slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves the map consistent (every
        // update is a single insert or remove), so the poison is ignored.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get<T: Any + Send + Sync>(&self, key: &str) -> Option<Arc<T>> {
        let mut inner = self.lock();
        inner.clock += 1;
        let now = inner.clock;
        let slot = inner.slots.get_mut(key)?;
        slot.used = now;
        slot.item.clone().downcast::<T>().ok()
    }

    /// Keeps `item` (of about `bytes`), evicting the least recently used
    /// entries to stay under the cap. An item larger than the cap is not kept.
    pub fn put<T: Any + Send + Sync>(&self, key: String, item: Arc<T>, bytes: u64) {
        let bytes = bytes + key.len() as u64 + 64;
        if bytes > self.cap {
            return;
        }
        let mut inner = self.lock();
        if let Some(old) = inner.slots.remove(&key) {
            inner.bytes -= old.bytes;
        }
        while inner.bytes + bytes > self.cap {
            // A linear scan: evictions are rare next to hits, and the
            // entries few (whole tables and analyses of a few KiB).
            let Some(oldest) = inner.slots.iter().min_by_key(|(_, s)| s.used).map(|(k, _)| k.clone()) else {
                break;
            };
            let old = inner.slots.remove(&oldest).expect("the key was just found");
            inner.bytes -= old.bytes;
        }
        inner.clock += 1;
        let used = inner.clock;
        inner.bytes += bytes;
        inner.slots.insert(key, Slot { item, bytes, used });
    }

    /// The cached item under `key`, or `make`'s, kept for next time.
    pub fn get_or<T: Any + Send + Sync, E>(
        &self,
        key: &str,
        make: impl FnOnce() -> Result<(T, u64), E>,
    ) -> Result<Arc<T>, E> {
        if let Some(hit) = self.get::<T>(key) {
            return Ok(hit);
        }
        let (item, bytes) = make()?;
        let item = Arc::new(item);
        self.put(key.to_string(), item.clone(), bytes);
        Ok(item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_under_the_cap_and_evicts_the_least_recently_used() {
        let cache = Cache::new(1000);
        cache.put("a".into(), Arc::new(1u32), 300);
        cache.put("b".into(), Arc::new(2u32), 300);
        assert_eq!(cache.get::<u32>("a").as_deref(), Some(&1));
        cache.put("c".into(), Arc::new(3u32), 300);
        assert!(cache.bytes() <= 1000);
        assert!(cache.get::<u32>("b").is_none(), "b was the least recently used");
        assert!(cache.get::<u32>("a").is_some() && cache.get::<u32>("c").is_some());
        cache.put("huge".into(), Arc::new(0u32), 5000);
        assert!(cache.get::<u32>("huge").is_none());
        assert!(cache.get::<String>("a").is_none(), "a different type is a miss, not a panic");
    }
}
