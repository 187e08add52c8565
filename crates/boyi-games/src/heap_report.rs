//! What `boyi grundy <rule> --to N` reports: the start of the Grundy
//! sequence, its period and preperiod, and whether the periodicity theorem
//! proves them, as text or JSON.

use boyi::solve::heaps::{find_period, heap_values, Method, MAX_HEAP};
use boyi::Control;
use serde::Serialize;

use crate::error::Error;
use crate::octal;

/// Rules that leave three heaps are valued by the plain cubic method only.
pub const MAX_HEAP_THREE: u64 = 2000;
/// A period is listed in full when it is at most this long.
const SHOW_PERIOD: u64 = 1000;

#[derive(Clone, Debug, Serialize)]
pub struct GrundyReport {
    pub rule: String,
    pub name: Option<&'static str>,
    pub moves: String,
    /// Values were computed for heaps `0..=to`.
    pub to: u64,
    /// Bits each stored value takes.
    pub bits: u32,
    pub max_value: u32,
    /// `G(0)`, `G(1)`, … as far as asked.
    pub values: Vec<u32>,
    pub period: Option<u64>,
    pub preperiod: Option<u64>,
    /// Non-zero when `G(n + period) = G(n) + saltus` (arithmetic periodicity).
    pub saltus: i64,
    /// `proved`, `observed` or `none`.
    pub status: &'static str,
    /// The report's last line.
    pub summary: String,
    /// One period's values from the preperiod on, when short enough to list.
    pub period_values: Option<Vec<u32>>,
    /// `sparse` or `plain`.
    pub method: &'static str,
    pub mask: Option<u32>,
    /// Whether a heap's class depended on its parity too.
    pub domain: bool,
    pub rare_heaps: u64,
    pub full_scans: u64,
}

/// Computes `G(0..=to)` for `rule` and finds its period.
pub fn grundy(rule: &str, to: u64, show: usize, ctl: &Control) -> Result<GrundyReport, Error> {
    let heap = octal::parse(rule)?;
    if to > MAX_HEAP {
        return Err(Error::input(format!("heaps up to {to} were asked for; the largest heap valued is {MAX_HEAP}")));
    }
    if heap.rule.digits().iter().any(|&d| d & 8 != 0) && to > MAX_HEAP_THREE {
        return Err(Error::input(format!(
            "rule `{}` leaves three heaps, which only the cubic method values: --to at most {MAX_HEAP_THREE}",
            heap.code
        )));
    }
    let seq = heap_values(&heap.rule, to, Method::Auto, ctl)?;
    let values = &seq.values;
    ctl.start("looking for the period", 0);
    let provable = heap.rule.max_take().filter(|_| heap.rule.provable());
    let found = find_period(values, provable);
    ctl.finish();
    let max_value = (0..values.len()).map(|n| values.get(n)).max().unwrap_or(0);
    let (status, summary) = match found {
        Some(p) => {
            let saltus = if p.saltus != 0 { format!(", saltus {}", p.saltus) } else { String::new() };
            let status = if p.proved { "proved" } else { "observed" };
            (status, format!("period {}{saltus}, preperiod {} ({status})", p.period, p.preperiod))
        }
        None => ("none", format!("no period found up to {to}")),
    };
    let period_values = found
        .filter(|p| p.period <= SHOW_PERIOD)
        .map(|p| (p.preperiod..p.preperiod + p.period).map(|n| values.get(n as usize)).collect::<Vec<u32>>());
    let sparse = seq.stats.mask != 0;
    Ok(GrundyReport {
        rule: heap.code,
        name: heap.name,
        moves: octal::describe(&heap.rule),
        to,
        bits: values.bits(),
        max_value,
        values: (0..values.len().min(show)).map(|n| values.get(n)).collect(),
        period: found.map(|p| p.period),
        preperiod: found.map(|p| p.preperiod),
        saltus: found.map_or(0, |p| p.saltus),
        status,
        summary,
        period_values,
        method: if sparse { "sparse" } else { "plain" },
        mask: sparse.then_some(seq.stats.mask),
        domain: seq.stats.domain,
        rare_heaps: seq.stats.rare,
        full_scans: seq.stats.full_scans,
    })
}

impl GrundyReport {
    /// The first `heaps` values (of those kept) drawn with the period marked.
    pub fn svg(&self, heaps: usize) -> Result<String, String> {
        let title = match self.name {
            Some(name) => format!("{} ({name}): {}", self.rule, self.summary),
            None => format!("{}: {}", self.rule, self.summary),
        };
        let values = &self.values[..heaps.min(self.values.len())];
        crate::plot::grundy_svg(&title, values, self.period.zip(self.preperiod))
    }

    /// The text form; its last line is `summary`.
    pub fn render(&self) -> String {
        let mut s = match self.name {
            Some(name) => format!("{} ({name}): {}\n", self.rule, self.moves),
            None => format!("{}: {}\n", self.rule, self.moves),
        };
        s += &format!("G(0) to G({}): {}-bit values, largest {}", self.to, self.bits, self.max_value);
        match self.mask {
            Some(mask) => {
                let domain = if self.domain { " and heap parity" } else { "" };
                s += &format!("; sparse space, mask {mask:#x}{domain}, {} rare heaps\n", self.rare_heaps);
            }
            None => s += "; plain method\n",
        }
        let width = self.max_value.to_string().len();
        for (row, chunk) in self.values.chunks(20).enumerate() {
            let line: Vec<String> = chunk.iter().map(|v| format!("{v:>width$}")).collect();
            s += &format!("{:>8}: {}\n", row * 20, line.join(" "));
        }
        if (self.values.len() as u64) < self.to + 1 {
            s += &format!("     ...  (heaps {} to {} not shown; --show N shows more)\n", self.values.len(), self.to);
        }
        if let (Some(values), Some(n0)) = (&self.period_values, self.preperiod) {
            let line: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            s += &format!("one period from heap {n0}: {}\n", line.join(" "));
        }
        s += &self.summary;
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_end_with_the_period_line() {
        let r = grundy("0.77", 1000, 30, &Control::default()).unwrap();
        assert!(r.render().ends_with("\nperiod 12, preperiod 71 (proved)\n"), "{}", r.render());
        assert_eq!(r.values.len(), 30);
        assert_eq!(r.period_values.as_deref(), Some(&[7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2][..]));
        let r = grundy("grundy", 300, 0, &Control::default()).unwrap();
        assert_eq!(r.summary, "no period found up to 300");
        let r = grundy("allbut:1", 100, 0, &Control::default()).unwrap();
        assert_eq!(r.summary, "period 2, saltus 1, preperiod 0 (observed)");
        let e = grundy("hex:0.8", 5000, 0, &Control::default()).unwrap_err();
        assert_eq!(e.exit_code(), 2);
    }
}
