//! Problems: how Lectern reads one (`POST /api/problems/read`, free) and starting its
//! solution job (`POST /api/video/generate-solution`).
//!
//! The request is checked the way video requests are (a 422 naming the field), and a problem
//! that is neither read nor solved offline is refused here, before any credit is reserved,
//! when no model is configured: the refusal says what was not understood and how to write it.

mod reading;

use axum::{Json, extract::State, response::IntoResponse};
use lectern_contract::{Minutes, SolutionBrief, WorksheetExercise};
use lectern_core::{
    jobs::{JobKind, PROBLEM_COST, ProblemParams},
    sources,
};
use lectern_pipeline::solution::reader::{ProblemRead, ReadBy};
use lectern_solver::SolveError;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{
        ApiError, ApiResult, ErrorBody, FieldError,
        responses::{JobNotStarted, NotSignedIn},
    },
    extract::{AuthUser, ValidJson, required_text, required_user_id},
    limits::{self, LABEL_MAX_CHARS, LEVEL, PROBLEM_MAX_CHARS, PROBLEM_MINUTES},
    routes::{
        sources::{check_sources, chosen_sources},
        submission::{Started, Submission},
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(generate_solution))
        .routes(routes!(read_problem))
}

/// SPEC.md's problem-solving request. `problem_text` and `video_duration` are the names
/// (DESIGN.md), `problem` and `duration` their accepted aliases; unknown fields are refused.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct GenerateSolution {
    /// The caller's own id; required.
    user_id: Option<String>,
    #[serde(alias = "problem")]
    #[schema(schema_with = limits::problem_text_schema)]
    problem_text: Option<String>,
    /// Default `math`.
    #[schema(schema_with = limits::label_schema)]
    subject: Option<String>,
    /// Default `homework`.
    #[schema(schema_with = limits::label_schema)]
    problem_type: Option<String>,
    #[serde(default, deserialize_with = "detail_level")]
    #[schema(schema_with = limits::detail_level_schema)]
    detail_level: Option<u8>,
    #[serde(alias = "duration")]
    #[schema(schema_with = limits::problem_minutes_schema)]
    video_duration: Option<u32>,
    /// Every step on screen; default true.
    show_work: Option<bool>,
    /// Default false.
    is_global: Option<bool>,
    /// Plan without rendering: the solution and the cost, nothing charged.
    dry_run: Option<bool>,
    /// The reading the student confirmed (`POST /api/problems/read`) when it rewrote their
    /// words: the job solves it. It must be one the solver reads and, for a problem in
    /// words, one that uses every amount of the words with its unit.
    #[schema(max_length = 300)]
    reading: Option<String>,
    /// The student's own worksheet(s) (`/api/sources`, up to 10): when `problem_text` names one
    /// of its numbered exercises ("3", "Exercise 3", "problem 2b"), the solution solves that
    /// exercise as the worksheet states it. An exercise it does not hold, or a source that is
    /// not the caller's, is a 422 before anything is charged. Words that state a problem of
    /// their own are solved as written.
    #[schema(max_items = 10)]
    source_ids: Option<Vec<String>>,
}

/// 1, 2 or 3, as a number or a numeric string ("2"); anything else is refused.
fn detail_level<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u8>, D::Error> {
    let value = Option::<Value>::deserialize(de)?;
    let level = match &value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => s.trim().parse::<u64>().ok(),
        Some(_) => None,
    };
    level
        .filter(|&n| u32::try_from(n).is_ok_and(|n| LEVEL.contains(n)))
        .map(|n| Some(n as u8))
        .ok_or_else(|| serde::de::Error::custom("detail_level must be 1, 2 or 3"))
}

fn label(
    value: Option<String>,
    default: &str,
    field: &str,
    errors: &mut Vec<FieldError>,
) -> String {
    let text = value.unwrap_or_default().trim().to_string();
    if text.is_empty() {
        return default.to_string();
    }
    if text.chars().count() > LABEL_MAX_CHARS {
        errors.push(FieldError::new(
            &["body", field],
            format!("{field} must be at most {LABEL_MAX_CHARS} characters"),
            "string_too_long",
        ));
    }
    text
}

impl GenerateSolution {
    /// The job's params and the sources the student chose (checked later, with the database).
    fn validate(self, caller: &AuthUser) -> ApiResult<(Vec<String>, ProblemParams)> {
        let mut errors = Vec::new();
        let user_id = required_user_id(self.user_id, "problem solving", &mut errors);
        let problem_text = required_text(
            self.problem_text,
            "problem_text",
            "Problem text",
            PROBLEM_MAX_CHARS,
            &mut errors,
        );
        let duration = PROBLEM_MINUTES.check(
            self.video_duration,
            "video_duration",
            "Duration",
            " minutes",
            &mut errors,
        );
        let subject = label(self.subject, "math", "subject", &mut errors);
        let problem_type = label(self.problem_type, "homework", "problem_type", &mut errors);
        let source_ids = chosen_sources(self.source_ids, &mut errors);
        if !errors.is_empty() {
            return Err(ApiError::Validation(errors));
        }
        caller.require_self(&user_id)?;
        Ok((
            source_ids,
            ProblemParams {
                brief: SolutionBrief {
                    problem_text,
                    subject,
                    problem_type,
                    detail_level: self.detail_level.unwrap_or(LEVEL.default as u8),
                    duration_minutes: Minutes::whole(duration),
                    show_work: self.show_work.unwrap_or(true),
                    reading: self
                        .reading
                        .map(|r| r.trim().to_string())
                        .filter(|r| !r.is_empty()),
                },
                is_global: self.is_global.unwrap_or(false),
                dry_run: self.dry_run.unwrap_or(false),
                worksheet: None,
            },
        ))
    }
}

/// The exercise of the student's worksheet that their words name ("exercise 3"): its statement
/// becomes the problem, and the params remember where it came from. Words that are not such a
/// reference stay the problem. A reference the documents do not hold is a 422 on
/// `problem_text` saying which exercises they do hold.
async fn take_exercise(
    state: &AppState,
    caller: &AuthUser,
    source_ids: &[String],
    params: &mut ProblemParams,
) -> ApiResult<()> {
    let documents = check_sources(state, caller, source_ids).await?;
    let Some(wanted) = sources::reference(&params.brief.problem_text) else {
        return Ok(());
    };
    let mut held = Vec::new();
    for document in &documents {
        let passages = sources::passages(&state.db, document).await?;
        for exercise in sources::exercises(&passages) {
            if exercise.label == wanted {
                if exercise.text.chars().count() > PROBLEM_MAX_CHARS {
                    return Err(ApiError::field(
                        &["body", "problem_text"],
                        format!(
                            "Exercise {wanted} of {} is longer than one problem may be \
                             ({PROBLEM_MAX_CHARS} characters): paste the part to solve",
                            document.title
                        ),
                        "string_too_long",
                    ));
                }
                params.brief.problem_text = exercise.text;
                params.worksheet = Some(WorksheetExercise {
                    source_id: document.id.clone(),
                    title: document.title.clone(),
                    label: exercise.label,
                    page: exercise.page,
                    passage: exercise.passage,
                });
                return Ok(());
            }
            held.push(exercise.label);
        }
    }
    let titles: Vec<&str> = documents.iter().map(|d| d.title.as_str()).collect();
    let detail = if held.is_empty() {
        format!(
            "Lectern found no numbered exercises in {}: paste the problem's own words instead",
            titles.join(", ")
        )
    } else {
        format!(
            "{} has no exercise {wanted}; its exercises are {}",
            titles.join(", "),
            held.join(", ")
        )
    };
    Err(ApiError::field(
        &["body", "problem_text"],
        detail,
        "exercise_not_found",
    ))
}

/// Reads the problem before anything is charged. A reading the student confirmed is checked
/// as any reading is (the solver reads it, it uses every amount of the words) and kept for the
/// job; words the rule reader cannot read are read by the configured model, and a problem in
/// mathematics that neither reads is refused, saying what was not understood and how to write
/// it. Without a model, only what the offline solver solves is accepted.
async fn read_before_charge(
    state: &AppState,
    caller: &AuthUser,
    brief: &mut SolutionBrief,
) -> ApiResult<()> {
    let words = brief.problem_text.clone();
    let with_model = state.config.llm.is_some();
    if let Some(confirmed) = &brief.reading {
        return match lectern_solver::accept_reading(&words, confirmed) {
            Ok(reading) if reading.solvable || with_model => Ok(()),
            Ok(reading) => Err(refused(reading.detail, "needs_language_model")),
            Err(reason) => Err(ApiError::field(
                &["body", "reading"],
                format!("The reading {confirmed} cannot be used for this problem: {reason}."),
                "reading_not_usable",
            )),
        };
    }
    if with_model && !brief.is_math() {
        // Another subject's words go to the model to reason about, as they are.
        return Ok(());
    }
    let Some(read) = reading::read(state, &caller.id, &words).await? else {
        // The model runs in the workers, which read the words themselves.
        return Ok(());
    };
    match read {
        ProblemRead::Read { reading, by } => {
            if by != ReadBy::Rules {
                brief.reading = Some(reading.reading);
                return Ok(());
            }
            if reading.solvable || with_model {
                return Ok(());
            }
            // Classification does not evaluate; a problem with no value (1/0) is caught by
            // solving.
            let kind = match lectern_solver::solve(&words) {
                Err(SolveError::Undefined { .. }) => "no_answer",
                _ => "needs_language_model",
            };
            Err(refused(reading.detail, kind))
        }
        ProblemRead::Refused { detail, reasons } => {
            tracing::info!(?reasons, "a problem in words was not read");
            Err(refused(detail, "not_understood"))
        }
    }
}

fn refused(detail: String, kind: &str) -> ApiError {
    metrics::counter!("lectern_problems_refused_total").increment(1);
    ApiError::field(&["body", "problem_text"], detail, kind)
}

/// A problem to read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ReadProblem {
    #[serde(alias = "problem")]
    #[schema(schema_with = limits::problem_text_schema)]
    problem_text: Option<String>,
}

/// How Lectern reads a problem, before anything is charged.
#[derive(Debug, Serialize, ToSchema)]
struct ProblemReading {
    /// The problem in the solver's notation, or the set-up of a problem in words
    /// (`lim_(x->1) ((x^2 - 1)/(x - 1))`, `$60 - 25% of $60`); empty when it was not read.
    reading: String,
    /// The kind's short name: `limit`, `inequality`, `word_problem`, `geometry`, ...
    kind: String,
    /// Whether Lectern solves it offline, every step checked.
    solvable: bool,
    /// "Lectern reads this as: ...", or what was not understood and how to write it.
    detail: String,
}

/// Reads a problem as the student wrote it (free; at most 60 a minute, 12 of them read by the
/// language model): the reading in the solver's notation, its kind, and whether Lectern
/// solves it without a language model. Words the rule reader cannot read are translated by
/// the configured model (never solved by it) and read by the solver; words neither reads
/// answer an empty reading of kind `not_understood`, saying how to write them.
#[utoipa::path(
    post,
    path = "/problems/read",
    tag = "jobs",
    request_body = ReadProblem,
    responses(
        (status = 200, description = "The reading", body = ProblemReading),
        NotSignedIn,
        (status = 422, description = "`problem_text` is missing or too long", body = ErrorBody),
        (status = 429, description = "Too many readings this minute", body = ErrorBody),
        (status = 502, description = "The language model that reads words did not answer", body = ErrorBody),
    )
)]
async fn read_problem(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<ReadProblem>,
) -> ApiResult<Json<ProblemReading>> {
    let mut errors = Vec::new();
    let text = required_text(
        body.problem_text,
        "problem_text",
        "Problem text",
        PROBLEM_MAX_CHARS,
        &mut errors,
    );
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    reading::reading_allowed(&caller.id)?;
    let reading = match reading::read(&state, &caller.id, &text).await? {
        Some(ProblemRead::Read { reading, .. }) => reading,
        Some(ProblemRead::Refused { detail, .. }) => lectern_solver::Reading {
            reading: String::new(),
            kind: "not_understood".into(),
            solvable: false,
            detail,
        },
        // The workers' model reads the words after submit.
        None => lectern_solver::read(&text),
    };
    let lectern_solver::Reading {
        reading,
        kind,
        solvable,
        detail,
    } = reading;
    Ok(Json(ProblemReading {
        reading,
        kind,
        solvable,
        detail,
    }))
}

/// Starts a step-by-step solution video (1 credit). Words are read as `POST /problems/read`
/// reads them (or the confirmed `reading` is checked), before anything is charged: a problem
/// in mathematics that is not read is refused. Without a language model, only what the
/// offline solver can solve is accepted.
#[utoipa::path(
    post,
    path = "/video/generate-solution",
    tag = "jobs",
    request_body = GenerateSolution,
    responses(
        (status = 202, description = "Queued", body = Started),
        JobNotStarted,
        (status = 422, description = "A field is missing or out of range, or the problem cannot be read or solved here", body = ErrorBody),
        (status = 502, description = "The job queue is unavailable, or the language model that reads words did not answer; nothing was charged", body = ErrorBody),
    )
)]
async fn generate_solution(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<GenerateSolution>,
) -> ApiResult<impl IntoResponse> {
    let (source_ids, mut params) = body.validate(&caller)?;
    if !source_ids.is_empty() {
        take_exercise(&state, &caller, &source_ids, &mut params).await?;
    }
    read_before_charge(&state, &caller, &mut params.brief).await?;
    Submission {
        kind: JobKind::Problem,
        title: params.history_title(),
        cost: PROBLEM_COST,
        dry_run: params.dry_run,
    }
    .submit(&state, &caller, &params)
    .await
}
