//! `lectern batch <file>`: operators enqueue course generation, or the lesson videos of many
//! courses, from a JSON or CSV file, then follow the jobs with a progress bar and get a
//! summary of what completed and what failed.
//!
//! Running the same file again is safe: a course entry is named by an idempotency key (its
//! own `key`, or one made from its user, goal, background and detail level), and a lesson
//! whose video is queued, running or done keeps its job. Nothing is started twice; what
//! failed is tried again.

mod file;
mod report;

use std::{path::PathBuf, time::Duration};

use anyhow::Context;
use lectern_core::{
    Config,
    courses::{self, StartError},
    credits::LedgerError,
    entities::{job, user},
    jobs::{self, CourseParams},
    queue::JobQueue,
    sources,
};
use sea_orm::DatabaseConnection;

use file::{Entry, Lessons, Request};
use report::{Counts, EntryError, Progress, Tracked};

#[derive(clap::Args)]
pub struct BatchArgs {
    /// The batch file: JSON (a list of entries) or CSV (a header row, then one entry per row).
    /// An entry is either {"user", "goal", "background_knowledge", "detail_level", "sources",
    /// "lessons", "key"} for a new course, or {"course_id", "lessons"} for lesson videos of a
    /// course; "lessons" is "all", "none" or a list of lesson indices counted from 0, and
    /// "sources" the ids of the user's own documents the course follows (a lesson per section;
    /// in CSV separated by ";").
    pub file: PathBuf,
    /// Start the jobs and exit without waiting for them.
    #[arg(long)]
    pub no_wait: bool,
    /// Stop waiting after this many minutes (the jobs go on).
    #[arg(long, default_value_t = 240)]
    pub timeout_minutes: u64,
}

/// Runs the batch; exits with status 1 when an entry started nothing or a job failed, 2 when
/// the file cannot be read.
pub async fn run(config: Config, args: BatchArgs) -> anyhow::Result<()> {
    let name = args.file.display().to_string();
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("reading {name}"))?;
    let entries = match file::parse(&name, &text) {
        Ok(entries) => entries,
        Err(problems) => {
            eprintln!("lectern batch: {name} cannot be used:");
            for problem in problems {
                eprintln!("  {problem}");
            }
            std::process::exit(2);
        }
    };
    let db = lectern_core::db::connect(&config.database)
        .await
        .context("connecting to the database")?;
    let queue = JobQueue::connect(&config)
        .await
        .context("connecting to the job queue")?;
    println!(
        "lectern batch: {} entries from {name} (queue: {})",
        entries.len(),
        queue.describe()
    );
    let mut batch = Batch {
        db,
        queue,
        jobs: Vec::new(),
        errors: Vec::new(),
        pending: Vec::new(),
    };
    for entry in &entries {
        batch.start(entry).await?;
    }
    let waited = !args.no_wait;
    if waited {
        batch
            .follow(Duration::from_secs(args.timeout_minutes * 60))
            .await?;
    } else {
        batch.refresh().await?;
    }
    print!("{}", report::summary(&batch.jobs, &batch.errors, waited));
    let counts = Counts::of(&batch.jobs);
    if !batch.errors.is_empty() || counts.failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// A course job whose lessons are to be started once it has written the course.
struct PendingLessons {
    entry: usize,
    job_id: String,
    user_id: String,
    lessons: Lessons,
}

struct Batch {
    db: DatabaseConnection,
    queue: JobQueue,
    jobs: Vec<Tracked>,
    errors: Vec<EntryError>,
    pending: Vec<PendingLessons>,
}

fn quoted(text: &str, max: usize) -> String {
    let cut: String = text.chars().take(max).collect();
    if cut.chars().count() < text.chars().count() {
        format!("\u{201c}{cut}…\u{201d}")
    } else {
        format!("\u{201c}{cut}\u{201d}")
    }
}

impl Batch {
    fn fail_entry(&mut self, entry: usize, message: impl Into<String>) {
        let message = message.into();
        eprintln!("entry {entry}: {message}");
        self.errors.push(EntryError { entry, message });
    }

    /// Puts a new job on the queue (core's job service: a refused job fails and is refunded).
    async fn enqueue(&self, job_id: &str) -> anyhow::Result<()> {
        jobs::enqueue(&self.db, &self.queue, job_id)
            .await
            .map_err(|e| anyhow::anyhow!("could not enqueue job {job_id}: {e}"))
    }

    async fn start(&mut self, entry: &Entry) -> anyhow::Result<()> {
        match &entry.request {
            Request::Lessons { course_id, lessons } => {
                let Some(course) = courses::find_any_course(&self.db, course_id).await? else {
                    self.fail_entry(entry.line, format!("there is no course {course_id}"));
                    return Ok(());
                };
                self.start_lessons(entry.line, &course.user_id, &course.id, lessons)
                    .await
            }
            Request::Course {
                user,
                goal,
                background_knowledge,
                detail_level,
                sources,
                lessons,
                key,
            } => {
                let Some(owner) = courses::resolve_user(&self.db, user).await? else {
                    self.fail_entry(
                        entry.line,
                        format!("no single account is the user {user} (give a user id or an e-mail address)"),
                    );
                    return Ok(());
                };
                if let Some(problem) = self.sources_problem(&owner, sources).await? {
                    self.fail_entry(entry.line, problem);
                    return Ok(());
                }
                let params = CourseParams {
                    goal: goal.clone(),
                    background_knowledge: background_knowledge.clone(),
                    detail_level: *detail_level,
                    dry_run: false,
                    source_ids: sources.clone(),
                };
                let key = key.clone().unwrap_or_else(|| {
                    let level = detail_level.to_string();
                    let mut parts = vec![
                        "batch-course",
                        owner.id.as_str(),
                        goal,
                        background_knowledge,
                        &level,
                    ];
                    // A course from documents is another course than one from the goal alone
                    // (and keys made before sources existed stay the same).
                    parts.extend(sources.iter().map(String::as_str));
                    courses::content_key(&parts)
                });
                let title: String = goal.chars().take(200).collect();
                let started =
                    match courses::start_course(&self.db, &owner.id, &params, title, Some(&key))
                        .await
                    {
                        Ok(started) => started,
                        Err(LedgerError::Insufficient {
                            required,
                            available,
                        }) => {
                            self.fail_entry(
                                entry.line,
                                format!(
                                    "{} has {available} credits; a course needs {required}",
                                    owner.email
                                ),
                            );
                            return Ok(());
                        }
                        Err(other) => return Err(other.into()),
                    };
                if started.created {
                    self.enqueue(&started.job.id).await?;
                }
                let label = format!("course {} for {}", quoted(goal, 36), owner.email);
                self.track(entry.line, label, &started.job, started.created);
                if *lessons != Lessons::None {
                    self.pending.push(PendingLessons {
                        entry: entry.line,
                        job_id: started.job.id.clone(),
                        user_id: owner.id.clone(),
                        lessons: lessons.clone(),
                    });
                }
                self.start_ready_lessons().await
            }
        }
    }

    /// Why a course cannot be made from `ids` for `owner` (a document that is not theirs, or
    /// too little text for its lessons), as the API would refuse it; None when it can.
    async fn sources_problem(
        &self,
        owner: &user::Model,
        ids: &[String],
    ) -> anyhow::Result<Option<String>> {
        let mut passages = 0;
        for id in ids {
            match sources::find(&self.db, &owner.id, id).await? {
                Some(document) => passages += document.passages.max(0) as usize,
                None => {
                    return Ok(Some(format!(
                        "sources names {id}, which is not one of {}'s documents",
                        owner.email
                    )));
                }
            }
        }
        Ok((!ids.is_empty() && passages < courses::MIN_LESSONS).then(|| {
            format!(
                "the documents hold {passages} passages of text, and a course needs at least {} lessons",
                courses::MIN_LESSONS
            )
        }))
    }

    fn track(&mut self, entry: usize, label: String, job: &job::Model, new: bool) {
        println!(
            "entry {entry}: {label}: {}",
            if new {
                "started".to_string()
            } else {
                format!("already {}, not started again", job.status)
            }
        );
        self.jobs.push(Tracked {
            entry,
            label,
            job_id: job.id.clone(),
            new,
            status: job.status.to_string(),
            error: job.error.clone(),
        });
    }

    async fn start_lessons(
        &mut self,
        entry: usize,
        user_id: &str,
        course_id: &str,
        lessons: &Lessons,
    ) -> anyhow::Result<()> {
        let indices: Vec<i64> = match lessons {
            Lessons::None => return Ok(()),
            Lessons::Indices(indices) => indices.clone(),
            Lessons::All => {
                let count = courses::lessons_of(&self.db, course_id).await?.len();
                (0..count as i64).collect()
            }
        };
        let course = courses::find_course(&self.db, user_id, course_id).await?;
        let course_title = course.map(|c| c.title).unwrap_or_default();
        let started =
            match courses::start_lessons(&self.db, user_id, course_id, &indices, false).await {
                Ok(started) => started,
                Err(StartError::NotFound) => {
                    self.fail_entry(entry, format!("there is no course {course_id}"));
                    return Ok(());
                }
                Err(StartError::InvalidIndices(problems)) => {
                    let messages: Vec<String> = problems.into_iter().map(|p| p.message).collect();
                    self.fail_entry(entry, format!("nothing started: {}", messages.join("; ")));
                    return Ok(());
                }
                Err(StartError::Ledger(err)) => return Err(err.into()),
            };
        for start in started {
            if start.created {
                self.enqueue(&start.job_id).await?;
            }
            let job = jobs::find(&self.db, &start.job_id)
                .await?
                .with_context(|| format!("job {} vanished", start.job_id))?;
            let label = format!(
                "lesson {} {} of {}",
                start.lesson_index,
                quoted(&start.title, 28),
                quoted(&course_title, 20)
            );
            self.track(entry, label, &job, start.created);
        }
        Ok(())
    }

    /// Starts the lessons of course jobs that have written their course; a course job that
    /// failed leaves its lessons unstarted (the entry says so).
    async fn start_ready_lessons(&mut self) -> anyhow::Result<()> {
        let mut waiting = Vec::new();
        for pending in std::mem::take(&mut self.pending) {
            let Some(job) = jobs::find(&self.db, &pending.job_id).await? else {
                continue;
            };
            match job.status.as_str() {
                "completed" => {
                    match courses::find_course(&self.db, &pending.user_id, &pending.job_id).await? {
                        Some(course) => {
                            self.start_lessons(
                                pending.entry,
                                &pending.user_id,
                                &course.id,
                                &pending.lessons,
                            )
                            .await?
                        }
                        None => self.fail_entry(
                            pending.entry,
                            "the course was deleted, so its lessons were not started",
                        ),
                    }
                }
                "failed" | "cancelled" => self.fail_entry(
                    pending.entry,
                    format!(
                        "the course job {}, so its lessons were not started",
                        job.status
                    ),
                ),
                _ => waiting.push(pending),
            }
        }
        self.pending = waiting;
        Ok(())
    }

    async fn refresh(&mut self) -> anyhow::Result<()> {
        for tracked in self.jobs.iter_mut().filter(|t| !t.is_final()) {
            if let Some(job) = jobs::find(&self.db, &tracked.job_id).await? {
                tracked.status = job.status.to_string();
                tracked.error = job.error;
            }
        }
        Ok(())
    }

    /// Follows every job to its end (or the time limit), starting lessons of courses as
    /// their courses are written.
    async fn follow(&mut self, limit: Duration) -> anyhow::Result<()> {
        let deadline = tokio::time::Instant::now() + limit;
        let mut progress = Progress::on_stdout();
        loop {
            self.refresh().await?;
            self.start_ready_lessons().await?;
            let counts = Counts::of(&self.jobs);
            progress.show(counts);
            if counts.finished() == counts.total && self.pending.is_empty() {
                break;
            }
            if tokio::time::Instant::now() >= deadline {
                progress.done();
                println!(
                    "Stopped waiting after {} minutes; the jobs go on.",
                    limit.as_secs() / 60
                );
                return Ok(());
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        progress.done();
        Ok(())
    }
}
