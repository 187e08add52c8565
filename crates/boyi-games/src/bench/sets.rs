//! `boyi bench --sets FILE...`: files of a judge format's lines, each a
//! position and the answer expected, every position solved from an empty
//! search table and timed alone. The formats that have such sets are
//! listed here; each times its own (the judge format knows its positions
//! and its search).

use std::path::{Path, PathBuf};

use boyi::Control;

use crate::catalogue;
use crate::error::Error;
use crate::judge::{self, Problem, SolveOptions};

/// What `boyi bench --sets` was asked.
pub struct Sets<'a> {
    pub files: &'a [PathBuf],
    /// Only the first this many positions of each file.
    pub limit: Option<usize>,
    /// Solves of each position; the fastest counts.
    pub runs: usize,
    /// Also report what the search threads did and duplicated.
    pub duplication: bool,
    /// Time each position on one thread and on the asked threads, in turn.
    pub scaling: bool,
}

/// A set: its name (the file's) and its lines, read before any work.
pub struct Set {
    pub name: String,
    pub text: String,
}

/// How a judge format times its sets.
pub type Runner = fn(&[Set], &Sets, &SolveOptions, &Control, &dyn Fn(&str)) -> Result<(), Error>;

pub struct Format {
    pub problem: &'static dyn Problem,
    run: Runner,
}

/// The judge formats with position sets, the default first.
pub static FORMATS: &[Format] =
    &[Format { problem: &judge::connect4::Connect4Problem, run: judge::connect4::sets::run }];

/// The format `names` names (none: the first of [`FORMATS`]).
pub fn format(names: &[String]) -> Result<&'static Format, Error> {
    let known = || FORMATS.iter().map(|f| f.problem.id()).collect::<Vec<_>>().join(", ");
    match names {
        [] => Ok(&FORMATS[0]),
        [name] => {
            let id = catalogue::problem(name).map(|p| p.id());
            FORMATS
                .iter()
                .find(|f| Some(f.problem.id()) == id)
                .ok_or_else(|| Error::input(format!("--sets times position sets of {}; {name} has none", known())))
        }
        _ => Err(Error::input(format!("--sets times one judge format at a time, not {}", names.join(" ")))),
    }
}

/// Times the sets of `sets.files` in the format `names` names. The format
/// and every file are checked first: a mistake fails before any table is
/// reserved or any line printed.
pub fn run(
    names: &[String],
    sets: &Sets,
    options: &SolveOptions,
    ctl: &Control,
    emit: &dyn Fn(&str),
) -> Result<(), Error> {
    let format = format(names)?;
    let read = sets.files.iter().map(|f| read(f)).collect::<Result<Vec<_>, _>>()?;
    (format.run)(&read, sets, options, ctl, emit)
}

fn read(file: &Path) -> Result<Set, Error> {
    let text =
        std::fs::read_to_string(file).map_err(|e| Error::input(format!("cannot read {}: {e}", file.display())))?;
    let name = file.file_name().map_or("?".into(), |f| f.to_string_lossy().into_owned());
    Ok(Set { name, text })
}
