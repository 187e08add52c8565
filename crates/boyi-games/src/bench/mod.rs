//! What `boyi bench` measures, declared in one place outside the command
//! line: the suite of judge inputs ([`suite`]), the judge formats whose
//! position sets it times ([`sets`]), the instances it solves in parts
//! ([`parts`]), and lookups in databases ([`lookups`]). Each list names
//! its games by the catalogue; the command line parses flags, calls in
//! here and prints.

pub mod lookups;
pub mod measure;
pub mod parts;
pub mod sets;
pub mod suite;

/// The flags `boyi bench` took before its targets went by name (the
/// history in docs/benchmarks-history.md uses them): each stands for a
/// name, and for `--sets` where it took files.
pub const OLD_FLAGS: &[OldFlag] = &[
    OldFlag { flag: "--connect4", name: "connect4", sets: true },
    OldFlag { flag: "--dobutsu", name: "dobutsu", sets: false },
    OldFlag { flag: "--table", name: "young-chess-14x14", sets: false },
];

pub struct OldFlag {
    pub flag: &'static str,
    pub name: &'static str,
    pub sets: bool,
}

/// Everything `boyi bench` runs, by name, as `--list` shows it.
pub fn list() -> String {
    let mut out = suite::list();
    out.push_str("\nposition sets (`boyi bench PROBLEM --sets FILE...`; the first is the default):\n");
    for f in sets::FORMATS {
        out.push_str(&format!("{:26} {}\n", f.problem.id(), f.problem.game().info().name));
    }
    out.push_str("\nsolves in parts (`boyi bench NAME --parts P...`; the first is the default):\n");
    for t in parts::TARGETS {
        out.push_str(&format!("{:26} {}\n", t.name, t.what()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each old flag stands for a name its list holds.
    #[test]
    fn old_flags_name_what_the_lists_hold() {
        for old in OLD_FLAGS {
            let name = [old.name.to_string()];
            if old.sets {
                assert!(sets::format(&name).is_ok(), "{}", old.flag);
            } else {
                assert!(parts::target(&name).is_ok(), "{}", old.flag);
            }
        }
    }
}
