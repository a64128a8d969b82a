//! A learner's own documents (issue 50), stored as passages for retrieval: storing what the
//! reader (`lectern-sources`) made of a file within the user's storage quota, listing,
//! opening and deleting them, and [`retrieve`], the BM25 search that writing from sources
//! uses. Every function takes the user's id and filters by it in the query itself: another
//! user's source looks exactly like one that does not exist.

mod exercises;
mod retrieve;

pub use exercises::{
    AROUND as EXERCISE_AROUND, Exercise, NAMES as EXERCISE_NAMES, exercises, reference,
};
pub use retrieve::{Retrieved, retrieve};

use chrono::Utc;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr,
    EntityTrait, QueryFilter, QueryOrder, TransactionTrait,
};

use crate::entities::{source, source_passage};

/// Sources one request may add (each file of an upload is one).
pub const MAX_PER_REQUEST: usize = 10;
/// Sources one video (or solution, or course) may be written from.
pub const MAX_PER_VIDEO: usize = 10;
/// The longest title kept (characters).
pub const MAX_TITLE_CHARS: usize = 200;

/// A document read, to be stored.
#[derive(Debug, Clone)]
pub struct NewSource {
    pub title: String,
    /// `pdf`, `markdown`, `text`, `html`, `docx` or `epub`.
    pub kind: String,
    pub file_name: Option<String>,
    pub pages: Option<u32>,
    pub characters: u64,
    pub passages: Vec<NewPassage>,
}

#[derive(Debug, Clone)]
pub struct NewPassage {
    pub page: Option<u32>,
    pub heading: Option<String>,
    pub text: String,
    pub words: u32,
}

impl NewSource {
    /// Bytes of text it stores: what the quota counts.
    pub fn bytes(&self) -> u64 {
        self.passages
            .iter()
            .map(|p| (p.text.len() + p.heading.as_ref().map_or(0, String::len)) as u64)
            .sum()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Storing these would take the user past their quota; nothing was stored.
    #[error("quota reached: {used} of {quota} bytes used, {adding} more asked")]
    QuotaReached { used: u64, adding: u64, quota: u64 },
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Bytes of text the user's sources hold.
pub async fn usage<C: ConnectionTrait>(db: &C, user_id: &str) -> Result<u64, DbErr> {
    // PostgreSQL sums a BIGINT as NUMERIC: cast back.
    let backend = db.get_database_backend();
    let row = db
        .query_one_raw(crate::library::statement(
            backend,
            "SELECT CAST(COALESCE(SUM(bytes), 0) AS BIGINT) AS used FROM sources WHERE user_id = ?",
            vec![user_id.into()],
        ))
        .await?;
    let used: i64 = match row {
        Some(row) => row.try_get("", "used")?,
        None => 0,
    };
    Ok(used.max(0) as u64)
}

/// Stores `sources` for the user, all or none: if they would take the user's text past
/// `quota` bytes, nothing is stored. Returns the stored records in the order given.
pub async fn store(
    db: &DatabaseConnection,
    user_id: &str,
    sources: Vec<NewSource>,
    quota: u64,
) -> Result<Vec<source::Model>, StoreError> {
    let txn = db.begin().await?;
    if txn.get_database_backend() == DbBackend::Postgres {
        // Two uploads at once by one user are counted one after the other.
        txn.execute_raw(sea_orm::Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT id FROM users WHERE id = $1 FOR UPDATE",
            [user_id.into()],
        ))
        .await?;
    }
    let used = usage(&txn, user_id).await?;
    let adding: u64 = sources.iter().map(NewSource::bytes).sum();
    if used + adding > quota {
        return Err(StoreError::QuotaReached {
            used,
            adding,
            quota,
        });
    }
    let now = Utc::now();
    let mut stored = Vec::with_capacity(sources.len());
    for new in sources {
        let record = source::Model {
            id: uuid::Uuid::new_v4().to_string(),
            user_id: user_id.to_string(),
            title: new.title.chars().take(MAX_TITLE_CHARS).collect(),
            kind: new.kind.clone(),
            file_name: new.file_name.clone(),
            pages: new.pages.map(|p| p as i32),
            characters: new.characters as i64,
            bytes: new.bytes() as i64,
            passages: new.passages.len() as i32,
            created_at: now,
        };
        source::Entity::insert(source::ActiveModel {
            id: Set(record.id.clone()),
            user_id: Set(record.user_id.clone()),
            title: Set(record.title.clone()),
            kind: Set(record.kind.clone()),
            file_name: Set(record.file_name.clone()),
            pages: Set(record.pages),
            characters: Set(record.characters),
            bytes: Set(record.bytes),
            passages: Set(record.passages),
            created_at: Set(record.created_at),
        })
        .exec(&txn)
        .await?;
        let rows: Vec<source_passage::ActiveModel> = new
            .passages
            .into_iter()
            .enumerate()
            .map(|(ordinal, p)| source_passage::ActiveModel {
                id: sea_orm::ActiveValue::NotSet,
                source_id: Set(record.id.clone()),
                user_id: Set(user_id.to_string()),
                ordinal: Set(ordinal as i32),
                page: Set(p.page.map(|n| n as i32)),
                heading: Set(p.heading),
                text: Set(p.text),
                words: Set(p.words as i32),
            })
            .collect();
        // Batches well under SQLite's limit of bound values per statement.
        let mut rows = rows.into_iter().peekable();
        while rows.peek().is_some() {
            let batch: Vec<_> = rows.by_ref().take(500).collect();
            source_passage::Entity::insert_many(batch)
                .exec_without_returning(&txn)
                .await?;
        }
        stored.push(record);
    }
    txn.commit().await?;
    Ok(stored)
}

/// The user's sources, newest first.
pub async fn list<C: ConnectionTrait>(db: &C, user_id: &str) -> Result<Vec<source::Model>, DbErr> {
    source::Entity::find()
        .filter(source::Column::UserId.eq(user_id))
        .order_by_desc(source::Column::CreatedAt)
        .order_by_desc(source::Column::Id)
        .all(db)
        .await
}

/// The user's source `id`, if they have it.
pub async fn find<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    id: &str,
) -> Result<Option<source::Model>, DbErr> {
    source::Entity::find_by_id(id)
        .filter(source::Column::UserId.eq(user_id))
        .one(db)
        .await
}

/// A source's passages in order.
pub async fn passages<C: ConnectionTrait>(
    db: &C,
    source: &source::Model,
) -> Result<Vec<source_passage::Model>, DbErr> {
    source_passage::Entity::find()
        .filter(source_passage::Column::SourceId.eq(&source.id))
        .filter(source_passage::Column::UserId.eq(&source.user_id))
        .order_by_asc(source_passage::Column::Ordinal)
        .all(db)
        .await
}

/// Deletes the user's source `id` and its passages; false when they have no such source.
pub async fn delete(db: &DatabaseConnection, user_id: &str, id: &str) -> Result<bool, DbErr> {
    let txn = db.begin().await?;
    let Some(found) = find(&txn, user_id, id).await? else {
        return Ok(false);
    };
    source_passage::Entity::delete_many()
        .filter(source_passage::Column::SourceId.eq(&found.id))
        .exec(&txn)
        .await?;
    source::Entity::delete_by_id(found.id).exec(&txn).await?;
    txn.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DatabaseConfig;
    use crate::users::{Identity, sign_in};

    /// SQLite in a temporary folder, or a fresh PostgreSQL database when
    /// LECTERN_TEST_DATABASE_URL names a server.
    async fn database() -> (DatabaseConnection, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let config = match std::env::var("LECTERN_TEST_DATABASE_URL")
            .ok()
            .filter(|s| !s.is_empty())
        {
            Some(base) => {
                let admin = sea_orm::Database::connect(base.as_str()).await.unwrap();
                let name = format!("lectern_t_{}", uuid::Uuid::new_v4().simple());
                admin
                    .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
                    .await
                    .unwrap();
                let mut url = url::Url::parse(&base).unwrap();
                url.set_path(&format!("/{name}"));
                DatabaseConfig::Postgres(url.to_string().into())
            }
            None => DatabaseConfig::Sqlite(dir.path().join("t.db")),
        };
        (crate::db::connect(&config).await.unwrap(), dir)
    }

    async fn user(db: &DatabaseConnection, email: &str) -> String {
        let identity = Identity {
            issuer: "https://issuer.test".into(),
            subject: email.into(),
            email: email.into(),
            given_name: None,
            family_name: None,
            name: None,
            picture: None,
        };
        sign_in(db, &identity).await.unwrap().user.id
    }

    fn passage(heading: &str, page: Option<u32>, text: &str) -> NewPassage {
        NewPassage {
            page,
            heading: Some(heading.into()),
            text: text.into(),
            words: text.split_whitespace().count() as u32,
        }
    }

    /// A made-up process (facts no model knows), one passage per step.
    fn glassworks() -> NewSource {
        let passages = vec![
            passage(
                "History",
                Some(1),
                "The Veltrane glassworks was founded in 1873 by Orla Quist on the banks of the river Amsel. Its first furnace burned peat and made bottles for the town's brewers.",
            ),
            passage(
                "Annealing",
                Some(2),
                "After shaping, each pane rests in the lehr, a long annealing oven held at 512 degrees. The pane cools by four degrees an hour so that no strain is frozen into the glass.",
            ),
            passage(
                "Quenching",
                Some(3),
                "Quist's method of quenching plunges the hot pane into brine at 9 degrees for exactly eleven seconds. The quenched surface hardens before the core, which is why Veltrane glass rings when struck.",
            ),
            passage(
                "Trade",
                Some(4),
                "By 1901 the works shipped panes to eleven countries. The brine recipe stayed a family secret until 1932, when Ansel Quist published it in the guild's yearbook.",
            ),
        ];
        NewSource {
            title: "The Veltrane glassworks".into(),
            kind: "text".into(),
            file_name: None,
            pages: Some(4),
            characters: passages.iter().map(|p| p.text.chars().count() as u64).sum(),
            passages,
        }
    }

    #[tokio::test]
    async fn retrieval_ranks_the_passage_that_answers_first_and_only_in_the_users_sources() {
        let (db, _dir) = database().await;
        let me = user(&db, "me@example.com").await;
        let other = user(&db, "other@example.com").await;
        let mine = store(&db, &me, vec![glassworks()], 1_000_000)
            .await
            .unwrap();
        let theirs = store(&db, &other, vec![glassworks()], 1_000_000)
            .await
            .unwrap();
        let ids = vec![mine[0].id.clone()];

        let found = retrieve(&db, &me, &ids, "How long is a pane quenched in brine?", 3)
            .await
            .unwrap();
        assert_eq!(found[0].passage, 2, "{found:#?}");
        assert_eq!(found[0].page, Some(3));
        assert_eq!(found[0].heading.as_deref(), Some("Quenching"));
        assert_eq!(found[0].source_id, mine[0].id);
        assert!(found.windows(2).all(|w| w[0].score >= w[1].score));

        let found = retrieve(&db, &me, &ids, "annealing oven temperature of the lehr", 2)
            .await
            .unwrap();
        assert_eq!(found[0].passage, 1);
        let found = retrieve(&db, &me, &ids, "who founded the works, and when", 1)
            .await
            .unwrap();
        assert_eq!((found.len(), found[0].passage), (1, 0));

        // Another user's source is not searched, even when named.
        let theirs_ids = vec![theirs[0].id.clone()];
        assert!(
            retrieve(&db, &me, &theirs_ids, "brine", 5)
                .await
                .unwrap()
                .is_empty()
        );
        // No words, no sources: nothing.
        assert!(
            retrieve(&db, &me, &ids, "?! --", 5)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            retrieve(&db, &me, &[], "brine", 5)
                .await
                .unwrap()
                .is_empty()
        );
        // Query syntax is only words.
        let found = retrieve(&db, &me, &ids, "quenching brine\" OR NEAR(x", 5)
            .await
            .unwrap();
        assert_eq!(found[0].heading.as_deref(), Some("Quenching"));

        // Deleting a source takes its passages out of retrieval.
        assert!(delete(&db, &me, &mine[0].id).await.unwrap());
        assert!(!delete(&db, &me, &mine[0].id).await.unwrap());
        assert!(
            retrieve(&db, &me, &ids, "brine", 5)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            retrieve(&db, &other, &theirs_ids, "brine", 5)
                .await
                .unwrap()
                .len(),
            2
        );
    }

    #[tokio::test]
    async fn a_store_past_the_quota_stores_nothing() {
        let (db, _dir) = database().await;
        let me = user(&db, "me@example.com").await;
        let one = glassworks();
        let quota = one.bytes() * 2 - 1;
        store(&db, &me, vec![one.clone()], quota).await.unwrap();
        let refused = store(&db, &me, vec![one.clone()], quota).await.unwrap_err();
        assert!(matches!(refused, StoreError::QuotaReached { used, .. } if used == one.bytes()));
        assert_eq!(list(&db, &me).await.unwrap().len(), 1);
        assert_eq!(usage(&db, &me).await.unwrap(), one.bytes());
    }
}
