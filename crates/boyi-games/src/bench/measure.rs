//! What a benchmark reads of the process (Linux: from /proc; elsewhere the
//! figures are left out) and how its figures are written.

use std::time::Duration;

/// The machine line every table of `boyi bench` opens with.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn status_field(name: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(name))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The process's peak resident memory since the last [`reset_peak_memory`].
pub fn peak_memory() -> Option<u64> {
    status_field("VmHWM:")
}

/// Linux resets the peak resident size when 5 is written to clear_refs.
pub fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

pub fn memory_total() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb: u64 = info.lines().next()?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// User plus system time of this process, from /proc/self/stat (in ticks of 10 ms).
pub fn cpu_time() -> Duration {
    let ticks = std::fs::read_to_string("/proc/self/stat").ok().and_then(|s| {
        let rest = &s[s.rfind(')')? + 2..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
    });
    Duration::from_millis(ticks.unwrap_or(0) * 10)
}

/// The middle of `times` (the later of the two middles of an even count).
pub fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

pub fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// Short times, as a set's mean a position.
pub fn micros(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.1} µs")
    } else if us < 1e6 {
        format!("{:.2} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

pub fn rate(positions: u64, d: Duration) -> String {
    let r = positions as f64 / d.as_secs_f64();
    if r >= 1e6 {
        format!("{:.1} M", r / 1e6)
    } else {
        format!("{:.0} k", r / 1e3)
    }
}
