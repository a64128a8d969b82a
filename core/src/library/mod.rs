//! The library: a user's courses and videos, found by full-text search (SQLite FTS5 or
//! PostgreSQL text search, kept current by the triggers of the library-search migration),
//! published to the explore catalogue, renamed and deleted with their media.
//!
//! Every function that reads or changes one user's items takes that user's id and filters by
//! it in the query itself: another user's item looks exactly like one that does not exist.

pub mod progress;
mod record;
pub mod versions;
pub use record::{difficulty, finished_video, narrated_metadata};

use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Statement, TransactionTrait, Value,
    sea_query::{Expr, ExprTrait},
};

use crate::{
    courses::entity::course,
    entities::{video, video_version},
    jobs,
    storage::{Storage, StorageError},
};

pub const DEFAULT_LIMIT: u64 = 50;
pub const MAX_LIMIT: u64 = 100;
pub const MAX_OFFSET: u64 = 1_000_000;
/// Longer queries are refused rather than cut: a cut query would find something else.
pub const MAX_QUERY_CHARS: usize = 200;
/// Words beyond these are ignored; each adds a term every match must have.
const MAX_TERMS: usize = 16;
const MAX_TERM_CHARS: usize = 64;

/// The `type` filter of a library search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::ToSchema),
    schema(rename_all = "lowercase")
)]
pub enum ItemType {
    Course,
    Lesson,
    Solution,
}

impl ItemType {
    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "course" => Some(Self::Course),
            "lesson" => Some(Self::Lesson),
            "solution" => Some(Self::Solution),
            _ => None,
        }
    }

    /// The `video_type` this filter selects; `None` for courses.
    pub fn video_type(self) -> Option<&'static str> {
        match self {
            Self::Course => None,
            Self::Lesson => Some(video_types::EDUCATIONAL),
            Self::Solution => Some(video_types::PROBLEM_SOLVING),
        }
    }
}

pub mod video_types {
    pub const EDUCATIONAL: &str = "educational";
    pub const PROBLEM_SOLVING: &str = "problem_solving";
    pub const COURSE_LESSON: &str = "course_lesson";
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    pub limit: u64,
    pub offset: u64,
}

/// One page of items and whether another follows it.
#[derive(Debug)]
pub struct Listing<T> {
    pub items: Vec<T>,
    pub has_more: bool,
}

impl<T> Default for Listing<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            has_more: false,
        }
    }
}

impl<T> Listing<T> {
    fn from_overfetch(mut items: Vec<T>, page: Page) -> Self {
        let has_more = items.len() as u64 > page.limit;
        items.truncate(page.limit as usize);
        Self { items, has_more }
    }
}

/// The words of a search query: runs of letters and digits, lower-cased. Everything else
/// (quotes, operators, punctuation) separates words, so no input can change the query's
/// syntax on either engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchTerms(Vec<String>);

impl SearchTerms {
    pub fn parse(query: &str) -> Self {
        let terms = query
            .split(|c: char| !c.is_alphanumeric())
            .filter(|word| !word.is_empty())
            .map(|word| word.to_lowercase().chars().take(MAX_TERM_CHARS).collect())
            .take(MAX_TERMS)
            .collect();
        Self(terms)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// FTS5: every word as a prefix, optionally only within one column.
    fn fts5(&self, column: Option<&str>) -> String {
        let words = self
            .0
            .iter()
            .map(|w| format!("\"{w}\"*"))
            .collect::<Vec<_>>()
            .join(" ");
        match column {
            Some(column) => format!("{column} : ({words})"),
            None => words,
        }
    }

    /// PostgreSQL `to_tsquery`: every word as a prefix, optionally only at one weight.
    fn tsquery(&self, weight: Option<char>) -> String {
        let suffix = weight.map(String::from).unwrap_or_default();
        self.0
            .iter()
            .map(|w| format!("{w}:*{suffix}"))
            .collect::<Vec<_>>()
            .join(" & ")
    }
}

/// A course in the library, with how many lessons it has.
#[derive(Clone, Debug)]
pub struct Course {
    pub course: course::Model,
    pub lesson_count: i64,
}

/// `?` placeholders in order; PostgreSQL wants `$1`, `$2`, ...
pub(crate) fn statement(backend: DbBackend, sql: &str, values: Vec<Value>) -> Statement {
    let sql = if backend == DbBackend::Postgres {
        let mut numbered = String::with_capacity(sql.len() + 16);
        let mut n = 0;
        for c in sql.chars() {
            if c == '?' {
                n += 1;
                numbered.push_str(&format!("${n}"));
            } else {
                numbered.push(c);
            }
        }
        numbered
    } else {
        sql.to_string()
    };
    Statement::from_sql_and_values(backend, sql, values)
}

/// The ids a ranking query answers, best first. Ranking sorts every match, so it carries only
/// ids through the sort; the page's rows are read afterwards.
async fn ranked_ids<C: ConnectionTrait>(db: &C, stmt: Statement) -> Result<Vec<String>, DbErr> {
    db.query_all_raw(stmt)
        .await?
        .iter()
        .map(|row| row.try_get::<String>("", "id"))
        .collect()
}

fn in_order<T>(ids: &[String], rows: Vec<T>, id: impl Fn(&T) -> &String) -> Vec<T> {
    let mut by_id: std::collections::HashMap<String, T> = rows
        .into_iter()
        .map(|row| (id(&row).clone(), row))
        .collect();
    ids.iter().filter_map(|i| by_id.remove(i)).collect()
}

fn page_values(page: Page) -> [Value; 2] {
    // One more than asked, to tell whether another page follows.
    [
        Value::from((page.limit + 1) as i64),
        Value::from(page.offset as i64),
    ]
}

/// A title that contains every word ranks first; then the engine's relevance (title, topic,
/// description, body in falling weight); then the newest. `kind` is `video` or `course`;
/// `item_type`, when given, keeps one `video_type`.
fn search_statement(
    backend: DbBackend,
    kind: &str,
    user_id: &str,
    terms: &SearchTerms,
    item_type: Option<&str>,
    page: Page,
) -> Statement {
    let mut values: Vec<Value> = Vec::new();
    let sql = match backend {
        DbBackend::Postgres => {
            let table = if kind == "course" {
                "courses"
            } else {
                "videos"
            };
            values.push(user_id.into());
            values.push(terms.tsquery(None).into());
            let filter = narrowed(&mut values, "t.video_type", item_type);
            values.push(terms.tsquery(Some('A')).into());
            values.push(terms.tsquery(None).into());
            format!(
                "SELECT t.id FROM {table} AS t
                WHERE t.user_id = ? AND t.search_vector @@ to_tsquery('english', ?) {filter}
                ORDER BY t.search_vector @@ to_tsquery('english', ?) DESC,
                    ts_rank(t.search_vector, to_tsquery('english', ?)) DESC,
                    t.created_at DESC, t.id DESC
                LIMIT ? OFFSET ?"
            )
        }
        // CROSS JOIN keeps the full-text match as the outer loop (the other order would run
        // the match once per item of the user), and everything the ranking reads is in
        // `library_search_rows`: reading `created_at` from `videos` would walk each row's
        // transcript overflow pages.
        _ => {
            values.push(terms.fts5(None).into());
            values.push(user_id.into());
            let filter = narrowed(&mut values, "r.item_type", item_type);
            values.push(terms.fts5(Some("title")).into());
            format!(
                "SELECT r.item_id AS id FROM library_fts
                CROSS JOIN library_search_rows AS r ON r.id = library_fts.rowid
                WHERE library_fts MATCH ? AND r.kind = '{kind}' AND r.user_id = ? {filter}
                ORDER BY library_fts.rowid IN
                        (SELECT rowid FROM library_fts WHERE library_fts MATCH ?) DESC,
                    bm25(library_fts, 10.0, 4.0, 2.0, 1.0), r.created_at DESC, r.item_id DESC
                LIMIT ? OFFSET ?"
            )
        }
    };
    values.extend(page_values(page));
    statement(backend, &sql, values)
}

/// `AND {column} = ?` with its value when `item_type` narrows the search, else nothing.
fn narrowed(values: &mut Vec<Value>, column: &str, item_type: Option<&str>) -> String {
    match item_type {
        Some(t) => {
            values.push(t.into());
            format!("AND {column} = ?")
        }
        None => String::new(),
    }
}

/// The user's videos, newest first, or ranked by `terms` when given; `video_type` narrows
/// them to lessons or solutions.
pub async fn user_videos<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    terms: Option<&SearchTerms>,
    video_type: Option<&str>,
    page: Page,
) -> Result<Listing<video::Model>, DbErr> {
    let owned = Owned::<video::Entity> {
        kind: "video",
        user: video::Column::UserId,
        id: video::Column::Id,
        created: video::Column::CreatedAt,
    };
    let narrowed = video_type.map(|t| (video::Column::VideoType, t));
    users_items(db, owned, user_id, terms, narrowed, page, |v| &v.id).await
}

/// The user's courses, newest first, or ranked by `terms` when given.
pub async fn user_courses<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    terms: Option<&SearchTerms>,
    page: Page,
) -> Result<Listing<Course>, DbErr> {
    let owned = Owned::<course::Entity> {
        kind: "course",
        user: course::Column::UserId,
        id: course::Column::Id,
        created: course::Column::CreatedAt,
    };
    let listing = users_items(db, owned, user_id, terms, None, page, |c| &c.id).await?;
    Ok(Listing {
        items: with_lesson_counts(db, listing.items).await?,
        has_more: listing.has_more,
    })
}

/// The columns a listing of one user's items reads: its owner, its id and when it was made;
/// `kind` names the item in the search index (`video` or `course`).
struct Owned<E: EntityTrait> {
    kind: &'static str,
    user: E::Column,
    id: E::Column,
    created: E::Column,
}

/// One page of a user's items: newest first, or ranked by `terms` when given. `narrowed` (a
/// column and its value) keeps only the items of one type.
async fn users_items<E: EntityTrait, C: ConnectionTrait>(
    db: &C,
    owned: Owned<E>,
    user_id: &str,
    terms: Option<&SearchTerms>,
    narrowed: Option<(E::Column, &str)>,
    page: Page,
    id_of: impl Fn(&E::Model) -> &String,
) -> Result<Listing<E::Model>, DbErr> {
    let items = match terms {
        None => {
            let mut select = E::find().filter(owned.user.eq(user_id));
            if let Some((column, value)) = narrowed {
                select = select.filter(column.eq(value));
            }
            select
                .order_by_desc(owned.created)
                .order_by_desc(owned.id)
                .limit(page.limit + 1)
                .offset(page.offset)
                .all(db)
                .await?
        }
        Some(terms) if terms.is_empty() => Vec::new(),
        Some(terms) => {
            let stmt = search_statement(
                db.get_database_backend(),
                owned.kind,
                user_id,
                terms,
                narrowed.map(|(_, value)| value),
                page,
            );
            let ids = ranked_ids(db, stmt).await?;
            let found = E::find()
                .filter(owned.id.is_in(ids.iter().map(String::as_str)))
                .filter(owned.user.eq(user_id))
                .all(db)
                .await?;
            in_order(&ids, found, id_of)
        }
    };
    Ok(Listing::from_overfetch(items, page))
}

async fn with_lesson_counts<C: ConnectionTrait>(
    db: &C,
    courses: Vec<course::Model>,
) -> Result<Vec<Course>, DbErr> {
    if courses.is_empty() {
        return Ok(Vec::new());
    }
    let backend = db.get_database_backend();
    let marks = vec!["?"; courses.len()].join(", ");
    let sql = format!(
        "SELECT course_id, COUNT(*) AS n FROM lessons WHERE course_id IN ({marks}) GROUP BY course_id"
    );
    let values = courses.iter().map(|c| Value::from(c.id.as_str())).collect();
    let mut counts = std::collections::HashMap::new();
    for row in db.query_all_raw(statement(backend, &sql, values)).await? {
        let id: String = row.try_get("", "course_id")?;
        let n: i64 = row.try_get("", "n")?;
        counts.insert(id, n);
    }
    Ok(courses
        .into_iter()
        .map(|course| Course {
            lesson_count: counts.get(&course.id).copied().unwrap_or(0),
            course,
        })
        .collect())
}

/// The explore catalogue's videos: finished, public lessons and solutions (a course's lesson
/// videos are reached through their course), newest first.
pub async fn public_videos<C: ConnectionTrait>(
    db: &C,
    video_type: Option<&str>,
    page: Page,
) -> Result<Listing<video::Model>, DbErr> {
    let mut select = video::Entity::find()
        .filter(video::Column::IsPublic.eq(true))
        .filter(video::Column::Status.eq(jobs::status::COMPLETED))
        .filter(video::Column::VideoType.ne(video_types::COURSE_LESSON));
    if let Some(video_type) = video_type {
        select = select.filter(video::Column::VideoType.eq(video_type));
    }
    let items = select
        .order_by_desc(video::Column::CreatedAt)
        .order_by_desc(video::Column::Id)
        .limit(page.limit + 1)
        .offset(page.offset)
        .all(db)
        .await?;
    Ok(Listing::from_overfetch(items, page))
}

/// The explore catalogue's courses, newest first.
pub async fn public_courses<C: ConnectionTrait>(
    db: &C,
    page: Page,
) -> Result<Listing<Course>, DbErr> {
    let rows = course::Entity::find()
        .filter(course::Column::IsPublic.eq(true))
        .order_by_desc(course::Column::CreatedAt)
        .order_by_desc(course::Column::Id)
        .limit(page.limit + 1)
        .offset(page.offset)
        .all(db)
        .await?;
    let listing = Listing::from_overfetch(rows, page);
    Ok(Listing {
        items: with_lesson_counts(db, listing.items).await?,
        has_more: listing.has_more,
    })
}

/// What a `PATCH` may change on an item; `None` leaves a field as it is.
#[derive(Clone, Debug, Default)]
pub struct Changes {
    pub is_public: Option<bool>,
    pub title: Option<String>,
}

/// Applies `changes` to the user's video; `None` when the user has no such video.
pub async fn update_video(
    db: &DatabaseConnection,
    user_id: &str,
    id: &str,
    changes: Changes,
) -> Result<Option<video::Model>, DbErr> {
    let item = Editable::<video::Entity> {
        id: video::Column::Id,
        user: video::Column::UserId,
        is_public: video::Column::IsPublic,
        title: video::Column::Title,
        updated: video::Column::UpdatedAt,
    };
    if !apply_changes(db, item, user_id, id, changes).await? {
        return Ok(None);
    }
    find_video(db, user_id, id).await
}

/// Applies `changes` to the user's course; `None` when the user has no such course.
pub async fn update_course(
    db: &DatabaseConnection,
    user_id: &str,
    id: &str,
    changes: Changes,
) -> Result<Option<Course>, DbErr> {
    let item = Editable::<course::Entity> {
        id: course::Column::Id,
        user: course::Column::UserId,
        is_public: course::Column::IsPublic,
        title: course::Column::Title,
        updated: course::Column::UpdatedAt,
    };
    if !apply_changes(db, item, user_id, id, changes).await? {
        return Ok(None);
    }
    let Some(course) = course::Entity::find()
        .filter(course::Column::Id.eq(id))
        .filter(course::Column::UserId.eq(user_id))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    Ok(with_lesson_counts(db, vec![course]).await?.pop())
}

/// The columns a `PATCH` of one of a user's items reads and writes.
struct Editable<E: EntityTrait> {
    id: E::Column,
    user: E::Column,
    is_public: E::Column,
    title: E::Column,
    updated: E::Column,
}

/// Writes `changes` to the user's item `id`; false when the user has no such item.
async fn apply_changes<E: EntityTrait>(
    db: &DatabaseConnection,
    item: Editable<E>,
    user_id: &str,
    id: &str,
    changes: Changes,
) -> Result<bool, DbErr> {
    let mut update = E::update_many()
        .col_expr(item.updated, Expr::value(Utc::now()))
        .filter(item.id.eq(id))
        .filter(item.user.eq(user_id));
    if let Some(is_public) = changes.is_public {
        update = update.col_expr(item.is_public, Expr::value(is_public));
    }
    if let Some(title) = changes.title {
        update = update.col_expr(item.title, Expr::value(title));
    }
    Ok(update.exec(db).await?.rows_affected > 0)
}

pub async fn find_video<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    id: &str,
) -> Result<Option<video::Model>, DbErr> {
    video::Entity::find()
        .filter(video::Column::Id.eq(id))
        .filter(video::Column::UserId.eq(user_id))
        .one(db)
        .await
}

/// The user's video by its own id or by the id of the job that made it (the player's URL
/// carries the job id).
pub async fn find_video_or_job<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    id: &str,
) -> Result<Option<video::Model>, DbErr> {
    match video::Entity::find()
        .filter(
            sea_orm::Condition::any()
                .add(video::Column::Id.eq(id))
                .add(video::Column::JobId.eq(id)),
        )
        .filter(video::Column::UserId.eq(user_id))
        .one(db)
        .await?
    {
        Some(video) => Ok(Some(video)),
        // An earlier version's job: the player of an edited video's old URL.
        None => versions::video_of_job(db, user_id, id).await,
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DeleteError {
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

fn media_prefix(v: &video::Model) -> Option<String> {
    v.media_prefix
        .clone()
        .or_else(|| v.job_id.as_deref().map(jobs::media::prefix))
}

/// Deletes the user's video and its media; `false` when the user has no such video.
///
/// The media go first: if storage fails, the item is still there to delete again, rather
/// than a row gone and its files left behind for good.
pub async fn delete_video(
    db: &DatabaseConnection,
    storage: &Storage,
    user_id: &str,
    id: &str,
) -> Result<bool, DeleteError> {
    let Some(video) = find_video(db, user_id, id).await? else {
        return Ok(false);
    };
    for prefix in versions::media_prefixes(db, &video).await? {
        storage.delete_prefix(&prefix).await?;
    }
    video_version::Entity::delete_many()
        .filter(video_version::Column::VideoId.eq(id))
        .filter(video_version::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    let deleted = video::Entity::delete_many()
        .filter(video::Column::Id.eq(id))
        .filter(video::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(deleted.rows_affected > 0)
}

/// Deletes the user's course with its lessons, its lesson videos and all their media;
/// `false` when the user has no such course.
pub async fn delete_course(
    db: &DatabaseConnection,
    storage: &Storage,
    user_id: &str,
    id: &str,
) -> Result<bool, DeleteError> {
    let Some(course) = course::Entity::find()
        .filter(course::Column::Id.eq(id))
        .filter(course::Column::UserId.eq(user_id))
        .one(db)
        .await?
    else {
        return Ok(false);
    };
    let lesson_videos = video::Entity::find()
        .filter(video::Column::CourseId.eq(id))
        .filter(video::Column::UserId.eq(user_id))
        .all(db)
        .await?;
    for lesson in &lesson_videos {
        for prefix in versions::media_prefixes(db, lesson).await? {
            storage.delete_prefix(&prefix).await?;
        }
    }
    if let Some(job_id) = &course.job_id {
        storage.delete_prefix(&jobs::media::prefix(job_id)).await?;
    }
    let txn = db.begin().await?;
    video_version::Entity::delete_many()
        .filter(video_version::Column::VideoId.is_in(lesson_videos.iter().map(|v| v.id.clone())))
        .exec(&txn)
        .await?;
    video::Entity::delete_many()
        .filter(video::Column::CourseId.eq(id))
        .filter(video::Column::UserId.eq(user_id))
        .exec(&txn)
        .await?;
    let backend = txn.get_database_backend();
    txn.execute_raw(statement(
        backend,
        "DELETE FROM lessons WHERE course_id = ?",
        vec![id.into()],
    ))
    .await?;
    let deleted = course::Entity::delete_many()
        .filter(course::Column::Id.eq(id))
        .filter(course::Column::UserId.eq(user_id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(deleted.rows_affected > 0)
}

/// Whether the media of `job_id` may be read by anyone: a finished public video, a lesson
/// video of a public course, or a public course's own job.
pub async fn job_is_public<C: ConnectionTrait>(db: &C, job_id: &str) -> Result<bool, DbErr> {
    if let Some(v) = video::Entity::find()
        .filter(video::Column::JobId.eq(job_id))
        .one(db)
        .await?
    {
        return video_is_public(db, &v).await;
    }
    Ok(course::Entity::find()
        .filter(course::Column::JobId.eq(job_id))
        .filter(course::Column::IsPublic.eq(true))
        .one(db)
        .await?
        .is_some())
}

/// A finished video anyone may watch (published, or a lesson of a published course), by its
/// id or its job's; `None` for any other.
pub async fn public_video<C: ConnectionTrait>(
    db: &C,
    id: &str,
) -> Result<Option<video::Model>, DbErr> {
    let found = video::Entity::find()
        .filter(
            sea_orm::Condition::any()
                .add(video::Column::Id.eq(id))
                .add(video::Column::JobId.eq(id)),
        )
        .one(db)
        .await?;
    match found {
        Some(v) if v.job_id.is_some() && video_is_public(db, &v).await? => Ok(Some(v)),
        _ => Ok(None),
    }
}

async fn video_is_public<C: ConnectionTrait>(db: &C, v: &video::Model) -> Result<bool, DbErr> {
    if v.status != jobs::status::COMPLETED {
        return Ok(false);
    }
    if v.is_public {
        return Ok(true);
    }
    let Some(course_id) = &v.course_id else {
        return Ok(false);
    };
    Ok(course::Entity::find()
        .filter(course::Column::Id.eq(course_id.as_str()))
        .filter(course::Column::UserId.eq(v.user_id.as_str()))
        .filter(course::Column::IsPublic.eq(true))
        .one(db)
        .await?
        .is_some())
}

/// Where a course's (or, by SPEC.md's resolution order, a video's) thumbnail is stored, and
/// who may read it.
#[derive(Clone, Debug)]
pub struct ThumbnailAccess {
    pub owner_id: String,
    pub is_public: bool,
    /// The ids a media token may name to open it (the item's id and its job's).
    pub token_ids: Vec<String>,
    pub key: String,
}

/// The thumbnail behind `/api/media/course-thumbnail/{id}`, where `id` is a course's id or
/// job id, or else a video's job id or id.
pub async fn thumbnail_access<C: ConnectionTrait>(
    db: &C,
    id: &str,
) -> Result<Option<ThumbnailAccess>, DbErr> {
    let found_course = course::Entity::find()
        .filter(course::Column::Id.eq(id).or(course::Column::JobId.eq(id)))
        .one(db)
        .await?;
    if let Some(c) = found_course {
        let key = c
            .thumbnail_storage_path
            .clone()
            .or_else(|| c.job_id.as_deref().map(jobs::media::thumbnail));
        return Ok(key.map(|key| ThumbnailAccess {
            owner_id: c.user_id.clone(),
            is_public: c.is_public,
            token_ids: [Some(c.id.clone()), c.job_id.clone()]
                .into_iter()
                .flatten()
                .collect(),
            key,
        }));
    }
    let found_video = video::Entity::find()
        .filter(video::Column::JobId.eq(id).or(video::Column::Id.eq(id)))
        .one(db)
        .await?;
    let Some(v) = found_video else {
        return Ok(None);
    };
    let key = v
        .thumbnail_storage_path
        .clone()
        .or_else(|| media_prefix(&v).map(|p| format!("{p}/thumbnail.jpg")));
    let is_public = video_is_public(db, &v).await?;
    Ok(key.map(|key| ThumbnailAccess {
        owner_id: v.user_id.clone(),
        is_public,
        token_ids: [Some(v.id.clone()), v.job_id.clone()]
            .into_iter()
            .flatten()
            .collect(),
        key,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_words_cannot_carry_query_syntax() {
        let terms = SearchTerms::parse(r#"  "Photo"-synthesis OR title:x* (NEAR) ü's  "#);
        assert_eq!(
            terms.0,
            ["photo", "synthesis", "or", "title", "x", "near", "ü", "s"]
        );
        assert_eq!(
            terms.fts5(Some("title")),
            r#"title : ("photo"* "synthesis"* "or"* "title"* "x"* "near"* "ü"* "s"*)"#
        );
        assert_eq!(
            SearchTerms::parse("Cell walls").tsquery(Some('A')),
            "cell:*A & walls:*A"
        );
        assert!(SearchTerms::parse(" ?! -- ").is_empty());
    }

    #[test]
    fn a_long_query_keeps_a_bounded_number_of_words() {
        let terms = SearchTerms::parse(&"word ".repeat(100));
        assert_eq!(terms.0.len(), MAX_TERMS);
    }

    #[test]
    fn postgres_placeholders_are_numbered_in_order() {
        let s = statement(
            DbBackend::Postgres,
            "a = ? AND b = ?",
            vec![1.into(), 2.into()],
        );
        assert_eq!(s.sql, "a = $1 AND b = $2");
        let s = statement(
            DbBackend::Sqlite,
            "a = ? AND b = ?",
            vec![1.into(), 2.into()],
        );
        assert_eq!(s.sql, "a = ? AND b = ?");
    }
}
