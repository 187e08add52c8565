//! The `boyi` binary: the command line of [`boyi_cli`].

fn main() -> std::process::ExitCode {
    boyi_cli::main()
}
