//! What `lectern batch` shows: a progress bar while the jobs run (indicatif's, redrawn in
//! place on a terminal; a line per change otherwise) and a summary of what completed and what
//! failed.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// One job the batch follows.
#[derive(Debug, Clone)]
pub struct Tracked {
    /// The entry's position in the file (CSV: its line).
    pub entry: usize,
    pub label: String,
    pub job_id: String,
    /// Created by this run; `false` when the job was found already (queued, running or done).
    pub new: bool,
    pub status: String,
    pub error: Option<String>,
}

impl Tracked {
    pub fn is_final(&self) -> bool {
        matches!(self.status.as_str(), "completed" | "failed" | "cancelled")
    }
}

/// An entry that could not start anything, and why.
#[derive(Debug, Clone)]
pub struct EntryError {
    pub entry: usize,
    pub message: String,
}

#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub total: usize,
    pub queued: usize,
    pub running: usize,
    pub completed: usize,
    pub failed: usize,
    pub cancelled: usize,
}

impl Counts {
    pub fn of(jobs: &[Tracked]) -> Self {
        let mut counts = Counts {
            total: jobs.len(),
            ..Counts::default()
        };
        for job in jobs {
            match job.status.as_str() {
                "queued" => counts.queued += 1,
                "completed" => counts.completed += 1,
                "failed" => counts.failed += 1,
                "cancelled" => counts.cancelled += 1,
                _ => counts.running += 1,
            }
        }
        counts
    }

    pub fn finished(&self) -> usize {
        self.completed + self.failed + self.cancelled
    }
}

const WIDTH: usize = 30;

/// `[██████░░░░] 3/10 finished · 2 running · 5 queued · 1 failed`
pub fn bar(counts: &Counts) -> String {
    let filled = (counts.finished() * WIDTH)
        .checked_div(counts.total)
        .unwrap_or(WIDTH);
    let mut line = format!(
        "[{}{}] {}/{} finished",
        "█".repeat(filled),
        "░".repeat(WIDTH - filled),
        counts.finished(),
        counts.total
    );
    line.push_str(&others(counts));
    line
}

/// The rest of the bar's line: `· 2 running · 5 queued · 1 failed`.
fn others(counts: &Counts) -> String {
    let mut line = String::new();
    for (n, what) in [
        (counts.running, "running"),
        (counts.queued, "queued"),
        (counts.failed, "failed"),
        (counts.cancelled, "cancelled"),
    ] {
        if n > 0 {
            line.push_str(&format!(" · {n} {what}"));
        }
    }
    line
}

/// Shows the counts when they change: an indicatif bar on a terminal, else a [`bar`] line.
pub struct Progress {
    terminal: Option<ProgressBar>,
    last: Option<Counts>,
}

impl Progress {
    pub fn on_stdout() -> Self {
        let terminal = std::io::stdout().is_terminal().then(|| {
            let bar = ProgressBar::new(0);
            if let Ok(style) = ProgressStyle::with_template(&format!(
                "[{{bar:{WIDTH}}}] {{pos}}/{{len}} finished{{msg}} ({{elapsed}})"
            )) {
                bar.set_style(style.progress_chars("█░"));
            }
            bar.enable_steady_tick(std::time::Duration::from_secs(1));
            bar
        });
        Progress {
            terminal,
            last: None,
        }
    }

    pub fn show(&mut self, counts: Counts) {
        if self.last == Some(counts) {
            return;
        }
        self.last = Some(counts);
        match &self.terminal {
            Some(bar) => {
                bar.set_length(counts.total as u64);
                bar.set_position(counts.finished() as u64);
                bar.set_message(others(&counts));
            }
            None => println!("{}", bar(&counts)),
        }
    }

    pub fn done(&mut self) {
        if let Some(bar) = &self.terminal {
            bar.finish();
        }
    }
}

fn short(id: &str) -> &str {
    &id[..id.len().min(8)]
}

/// The summary: every job with its outcome, then the totals, the failures and the entries
/// that started nothing.
pub fn summary(jobs: &[Tracked], errors: &[EntryError], waited: bool) -> String {
    let mut out = String::from("\nSummary\n");
    let mut sorted: Vec<&Tracked> = jobs.iter().collect();
    sorted.sort_by_key(|j| j.entry);
    for job in &sorted {
        let origin = if job.new {
            "started now"
        } else {
            "found, not started again"
        };
        out.push_str(&format!(
            "  entry {:<3} {:<54} {:<10} {} ({origin})\n",
            job.entry,
            job.label,
            job.status,
            short(&job.job_id)
        ));
    }
    let counts = Counts::of(jobs);
    let new = jobs.iter().filter(|j| j.new).count();
    out.push_str(&format!(
        "\n{} jobs: {new} started now, {} found already (no duplicates started)\n",
        counts.total,
        counts.total - new
    ));
    out.push_str(&format!(
        "{} completed, {} failed, {} cancelled, {} still queued or running{}\n",
        counts.completed,
        counts.failed,
        counts.cancelled,
        counts.queued + counts.running,
        if waited || counts.queued + counts.running == 0 {
            ""
        } else {
            " (run the same file again to follow them; nothing is started twice)"
        }
    ));
    let failed: Vec<&&Tracked> = sorted.iter().filter(|j| j.status == "failed").collect();
    if !failed.is_empty() {
        out.push_str("Failed:\n");
        for job in failed {
            out.push_str(&format!(
                "  entry {} {}: {}\n",
                job.entry,
                job.label,
                job.error.as_deref().unwrap_or("Generation failed")
            ));
        }
    }
    if !errors.is_empty() {
        out.push_str("Entries that started nothing:\n");
        for error in errors {
            out.push_str(&format!("  entry {}: {}\n", error.entry, error.message));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(status: &str, new: bool) -> Tracked {
        Tracked {
            entry: 1,
            label: "lesson 0 \"Getting Started\"".into(),
            job_id: "0123456789".into(),
            new,
            status: status.into(),
            error: (status == "failed").then(|| "narration stage failed".into()),
        }
    }

    #[test]
    fn the_bar_fills_with_finished_jobs_and_names_the_rest() {
        let jobs = [
            job("completed", true),
            job("processing", true),
            job("queued", false),
            job("failed", true),
        ];
        let line = bar(&Counts::of(&jobs));
        assert!(
            line.starts_with(&format!("[{}{}]", "█".repeat(15), "░".repeat(15))),
            "{line}"
        );
        assert!(
            line.ends_with("2/4 finished · 1 running · 1 queued · 1 failed"),
            "{line}"
        );
    }

    #[test]
    fn the_summary_counts_new_and_found_jobs_and_lists_failures() {
        let text = summary(&[job("completed", false), job("failed", true)], &[], true);
        assert!(
            text.contains("2 jobs: 1 started now, 1 found already"),
            "{text}"
        );
        assert!(text.contains("1 completed, 1 failed"), "{text}");
        assert!(text.contains("narration stage failed"), "{text}");
    }
}
