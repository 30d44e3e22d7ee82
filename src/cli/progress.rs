//! `sudoku solve`'s progress display on a terminal: lines done of the total, the percentage, the
//! rate and the time left. The total is counted on a thread while solving starts, and is known only
//! when every input is a file (standard input has no length to count).

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::time::Duration;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Before the total is known, or when it cannot be: a count, the rate, the time so far.
const COUNTING: &str = "{spinner} {human_pos} lines · {rate} · {elapsed}";
/// With the total: `1,234,567/3,000,001 lines (41%) · 115,083 lines/s · ETA 15s`.
const WITH_TOTAL: &str =
    "{spinner} {human_pos}/{human_len} lines ({percent}%) · {rate} · ETA {eta}";

/// A progress display on standard error when it is a terminal, else none; `names` are the inputs
/// (`-` for standard input).
///
/// None rather than a hidden bar: a hidden bar still parsed its default template and allocated in
/// sizes nothing else uses, new pages of memory (a page fault each) for a display no one sees.
pub fn progress_bar(names: &[String]) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = progress_bar_to(ProgressDrawTarget::stderr(), names);
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

/// [`progress_bar`] drawn on `target`, without the ticking that animates the spinner.
pub fn progress_bar_to(target: ProgressDrawTarget, names: &[String]) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, target);
    bar.set_style(style(COUNTING));
    if names.iter().all(|n| n != "-") {
        let (bar, names) = (bar.clone(), names.to_vec());
        std::thread::spawn(move || {
            // A file that cannot be read is reported by the reader, not here.
            if let Ok(total) = count_lines(&names) {
                show_total(&bar, total);
            }
        });
    }
    bar
}

/// Switches `bar` to the display with a total.
pub fn show_total(bar: &ProgressBar, total: u64) {
    bar.set_length(total);
    bar.set_style(style(WITH_TOTAL));
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .expect("the templates are valid")
        .with_key(
            "rate",
            |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                let _ = out.write_str(&rate(state.per_sec()));
            },
        )
}

/// Lines a second: whole numbers with thousands separators (`115,083 lines/s`), one decimal
/// below 10.
pub fn rate(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        return "0 lines/s".to_string();
    }
    if per_sec < 10.0 {
        return format!("{per_sec:.1} lines/s");
    }
    format!("{} lines/s", HumanCount(per_sec.round() as u64))
}

/// The lines of every file, as the reader counts them (a last line without a newline counts).
fn count_lines(names: &[String]) -> io::Result<u64> {
    let mut total = 0;
    for name in names {
        let mut file = File::open(name)?;
        let mut buffer = vec![0; 256 * 1024];
        let mut last = b'\n';
        loop {
            let read = file.read(&mut buffer)?;
            if read == 0 {
                break;
            }
            total += buffer[..read].iter().filter(|&&b| b == b'\n').count() as u64;
            last = buffer[read - 1];
        }
        total += u64::from(last != b'\n');
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::TermLike;
    use std::sync::{Arc, Mutex};

    /// A terminal that keeps everything drawn on it.
    #[derive(Clone, Debug, Default)]
    struct Screen(Arc<Mutex<String>>);

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            120
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(&format!("{s}\n"))
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_rate_has_sensible_precision() {
        assert_eq!(rate(115_083.489_3), "115,083 lines/s");
        assert_eq!(rate(42.7), "43 lines/s");
        assert_eq!(rate(2.54), "2.5 lines/s");
        assert_eq!(rate(0.0), "0 lines/s");
    }

    #[test]
    fn with_a_total_the_display_shows_done_of_total_the_percentage_and_an_eta() {
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like(Box::new(screen.clone()));
        let bar = progress_bar_to(target, &["-".to_string()]);
        bar.set_position(1234);
        bar.tick();
        let counting = std::mem::take(&mut *screen.0.lock().unwrap());
        assert!(counting.contains("1,234 lines · "), "{counting}");
        assert!(counting.contains(" lines/s · "), "{counting}");
        show_total(&bar, 5000);
        bar.set_position(2500);
        bar.tick();
        let shown = std::mem::take(&mut *screen.0.lock().unwrap());
        assert!(shown.contains("2,500/5,000 lines (50%) · "), "{shown}");
        assert!(shown.contains(" lines/s · ETA "), "{shown}");
    }

    #[test]
    fn lines_are_counted_as_the_reader_counts_them() {
        let dir = std::env::temp_dir().join(format!("sudoku-progress-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a"), dir.join("b"));
        std::fs::write(&a, "1\n2\n3").unwrap();
        std::fs::write(&b, "1\n\n").unwrap();
        let names = [a.display().to_string(), b.display().to_string()];
        assert_eq!(count_lines(&names).unwrap(), 5);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
