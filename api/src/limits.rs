//! The numbers a request is checked against, shared with the web app. The routes validate
//! with them, the OpenAPI document states them as schema constraints (the `schema_with`
//! functions below), and `web/src/types/limits.ts` is written from [`LIMITS`] by
//! `just openapi`, so the create forms refuse what the server would refuse.

use lectern_contract::Minutes;
use lectern_core::{credits, jobs, library, sources};
use serde::Serialize;
use serde_json::json;
use utoipa::openapi::{
    ObjectBuilder, OneOfBuilder, RefOr, Schema,
    schema::{SchemaType, Type},
};

use crate::error::FieldError;

/// Whole numbers from `min` to `max` inclusive, and what a request that leaves it out gets.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Range {
    pub min: u32,
    pub max: u32,
    pub default: u32,
}

impl Range {
    pub const fn contains(self, value: u32) -> bool {
        self.min <= value && value <= self.max
    }

    /// A request's `value`, or the default when it leaves it out. A value outside the range
    /// is named in `errors`: "`label` must be between `min` and `max``unit`".
    pub fn check(
        self,
        value: Option<u32>,
        field: &str,
        label: &str,
        unit: &str,
        errors: &mut Vec<FieldError>,
    ) -> u32 {
        let value = value.unwrap_or(self.default);
        if !self.contains(value) {
            errors.push(FieldError::new(
                &["body", field],
                format!(
                    "{label} must be between {} and {}{unit}",
                    self.min, self.max
                ),
                "range",
            ));
        }
        value
    }

    /// An optional integer field limited to this range.
    fn schema(self, description: &str) -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(nullable(Type::Integer))
            .minimum(Some(self.min))
            .maximum(Some(self.max))
            .default(Some(json!(self.default)))
            .description(Some(description))
            .into()
    }
}

pub const LEVEL: Range = Range {
    min: 1,
    max: 3,
    default: 2,
};
/// The names a level may also be given by, in order from 1.
pub const LEVEL_NAMES: [&str; 3] = ["beginner", "intermediate", "advanced"];
pub const VIDEO_MINUTES: Range = Range {
    min: 1,
    max: 15,
    default: 5,
};
pub const WORDS_PER_MINUTE: Range = Range {
    min: 80,
    max: 250,
    default: 150,
};
pub const PROBLEM_MINUTES: Range = Range {
    min: 1,
    max: 10,
    default: 3,
};
pub const TOPIC_MAX_CHARS: usize = 500;
/// The solver reads at most this much; longer text is refused rather than cut.
pub const PROBLEM_MAX_CHARS: usize = 2000;
/// A problem's subject and type.
pub const LABEL_MAX_CHARS: usize = 60;
pub const GOAL_MIN_CHARS: usize = 3;
pub const GOAL_MAX_CHARS: usize = 500;
pub const BACKGROUND_MAX_CHARS: usize = 1000;
/// A library item's title, when renamed.
pub const TITLE_MAX_CHARS: usize = 200;

/// Everything above and the credit costs, as `web/src/types/limits.ts` exports them.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    pub credits: Costs,
    pub level: Range,
    pub video: VideoLimits,
    pub problem: ProblemLimits,
    pub course: CourseLimits,
    pub library: LibraryLimits,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Costs {
    pub signup_bonus: i64,
    pub video: i64,
    /// A video of `long_video_minutes` or more.
    pub long_video: i64,
    pub long_video_minutes: Minutes,
    pub problem: i64,
    pub course: i64,
    /// A lesson video of the caller's own course.
    pub lesson_video: i64,
    /// An edit of a finished video that changes more than `free_revision_scenes` scenes.
    pub revision: i64,
    pub free_revision_scenes: u32,
    /// Free previews (dry runs) a user may start in an hour.
    pub free_previews_per_hour: u64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VideoLimits {
    pub minutes: Range,
    pub words_per_minute: Range,
    pub topic_max_chars: usize,
    /// The learner's documents one video may be written from (`source_ids`).
    pub max_sources: usize,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProblemLimits {
    pub minutes: Range,
    pub detail_level: Range,
    pub text_max_chars: usize,
    pub label_max_chars: usize,
    /// Words that name a worksheet's exercise before its number ("Exercise 3", "Q4"): a
    /// problem text that is only such a reference is solved as the chosen worksheet states it.
    pub exercise_names: &'static [&'static str],
    /// Words a student may put around such a reference ("solve exercise 3 from my worksheet").
    pub exercise_around_words: &'static [&'static str],
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CourseLimits {
    pub detail_level: Range,
    pub goal_min_chars: usize,
    pub goal_max_chars: usize,
    pub background_max_chars: usize,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LibraryLimits {
    pub title_max_chars: usize,
    pub query_max_chars: usize,
    pub page_size: Range,
}

pub const LIMITS: Limits = Limits {
    credits: Costs {
        signup_bonus: credits::SIGNUP_BONUS,
        video: jobs::VIDEO_COST,
        long_video: jobs::LONG_VIDEO_COST,
        long_video_minutes: jobs::LONG_VIDEO_MINUTES,
        problem: jobs::PROBLEM_COST,
        course: jobs::COURSE_COST,
        lesson_video: jobs::LESSON_VIDEO_COST,
        revision: jobs::REVISION_COST,
        free_revision_scenes: jobs::FREE_REVISION_SCENES,
        free_previews_per_hour: jobs::FREE_PREVIEWS_PER_HOUR,
    },
    level: LEVEL,
    video: VideoLimits {
        minutes: VIDEO_MINUTES,
        words_per_minute: WORDS_PER_MINUTE,
        topic_max_chars: TOPIC_MAX_CHARS,
        max_sources: sources::MAX_PER_VIDEO,
    },
    problem: ProblemLimits {
        minutes: PROBLEM_MINUTES,
        detail_level: LEVEL,
        text_max_chars: PROBLEM_MAX_CHARS,
        label_max_chars: LABEL_MAX_CHARS,
        exercise_names: sources::EXERCISE_NAMES,
        exercise_around_words: sources::EXERCISE_AROUND,
    },
    course: CourseLimits {
        detail_level: LEVEL,
        goal_min_chars: GOAL_MIN_CHARS,
        goal_max_chars: GOAL_MAX_CHARS,
        background_max_chars: BACKGROUND_MAX_CHARS,
    },
    library: LibraryLimits {
        title_max_chars: TITLE_MAX_CHARS,
        query_max_chars: library::MAX_QUERY_CHARS,
        page_size: Range {
            min: 1,
            max: library::MAX_LIMIT as u32,
            default: library::DEFAULT_LIMIT as u32,
        },
    },
};

/// `web/src/types/limits.ts`: [`LIMITS`] as a TypeScript constant.
pub fn typescript() -> String {
    let body = serde_json::to_string_pretty(&LIMITS).expect("limits serialise");
    format!(
        "// Generated from api/src/limits.rs by `just openapi`; do not edit. A test in\n\
         // api/tests/api/openapi.rs fails when this file differs from what Rust writes.\n\n\
         /** What the API checks requests against: ranges, lengths and credit costs. */\n\
         export const limits = {body} as const;\n\n\
         export type Limits = typeof limits;\n"
    )
}

fn nullable(kind: Type) -> SchemaType {
    SchemaType::from_iter([kind, Type::Null])
}

fn optional_text(max_chars: usize, description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .max_length(Some(max_chars))
        .description(Some(description))
        .into()
}

/// A level: 1 to 3, or its name (also as a numeric string).
pub fn level_schema() -> RefOr<Schema> {
    let names = LEVEL_NAMES
        .iter()
        .map(|n| n.to_string())
        .chain((LEVEL.min..=LEVEL.max).map(|n| n.to_string()));
    OneOfBuilder::new()
        .item(LEVEL.schema("1 (beginner) to 3 (advanced)"))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(names)),
        )
        .description(Some(
            "1, 2 or 3, or beginner, intermediate or advanced; default 2",
        ))
        .into()
}

/// A problem's detail level: 1 to 3, as a number or a numeric string.
pub fn detail_level_schema() -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(LEVEL.schema("1 (brief) to 3 (thorough)"))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some((LEVEL.min..=LEVEL.max).map(|n| n.to_string()))),
        )
        .description(Some("1, 2 or 3; default 2"))
        .into()
}

pub fn video_minutes_schema() -> RefOr<Schema> {
    VIDEO_MINUTES.schema("Length of the video in minutes")
}

pub fn words_per_minute_schema() -> RefOr<Schema> {
    WORDS_PER_MINUTE.schema("Narration pace in words per minute")
}

pub fn problem_minutes_schema() -> RefOr<Schema> {
    PROBLEM_MINUTES.schema("Longest the solution video may be, in minutes")
}

pub fn topic_schema() -> RefOr<Schema> {
    optional_text(TOPIC_MAX_CHARS, "What the video explains; required")
}

pub fn problem_text_schema() -> RefOr<Schema> {
    optional_text(PROBLEM_MAX_CHARS, "The problem to solve; required")
}

pub fn label_schema() -> RefOr<Schema> {
    optional_text(LABEL_MAX_CHARS, "A free label; a default when empty")
}

pub fn goal_schema() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .min_length(Some(GOAL_MIN_CHARS))
        .max_length(Some(GOAL_MAX_CHARS))
        .description(Some("The learning goal; required"))
        .into()
}

pub fn background_schema() -> RefOr<Schema> {
    optional_text(BACKGROUND_MAX_CHARS, "What the learner already knows")
}

pub fn title_schema() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .min_length(Some(1))
        .max_length(Some(TITLE_MAX_CHARS))
        .description(Some("A new title: one line of text"))
        .into()
}
