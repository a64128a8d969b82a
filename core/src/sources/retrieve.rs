//! BM25 retrieval over a user's passages: the passages of the chosen sources that best match
//! a query (a scene's heading and key words, a sentence to check), best first.
//!
//! SQLite ranks with FTS5's own `bm25()` (Porter-stemmed terms, heading weighted twice a body
//! word). PostgreSQL has no BM25, so its score is built the same way from its parts: for each
//! query term, its inverse document frequency over the chosen sources' passages times
//! `ts_rank` of that term alone (term frequency, normalised by the passage's length), summed.
//! A passage matches when it has any query term; terms are runs of letters and digits, so no
//! query can change the syntax of either engine's query.

use sea_orm::{ConnectionTrait, DbBackend, DbErr, Value};

use crate::library::statement;

/// Query terms beyond these are ignored.
pub const MAX_TERMS: usize = 32;
const MAX_TERM_CHARS: usize = 64;
/// The most passages one call returns.
pub const MAX_K: usize = 50;

/// A passage found for a query.
#[derive(Debug, Clone, PartialEq)]
pub struct Retrieved {
    pub source_id: String,
    /// Its place in its source, from 0: what a citation names.
    pub passage: u32,
    /// The PDF page it starts on.
    pub page: Option<u32>,
    pub heading: Option<String>,
    pub text: String,
    /// Higher is better; comparable only within one call.
    pub score: f64,
}

fn terms(query: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for word in query
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let word: String = word.to_lowercase().chars().take(MAX_TERM_CHARS).collect();
        if !terms.contains(&word) {
            terms.push(word);
        }
        if terms.len() == MAX_TERMS {
            break;
        }
    }
    terms
}

/// The `k` passages (at most [`MAX_K`]) of the user's sources `source_ids` that best match
/// `query`, best first. Sources that are not the user's are not searched; a query with no
/// words, or no sources, finds nothing.
pub async fn retrieve<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    source_ids: &[String],
    query: &str,
    k: usize,
) -> Result<Vec<Retrieved>, DbErr> {
    let terms = terms(query);
    let k = k.min(MAX_K);
    if terms.is_empty() || source_ids.is_empty() || k == 0 {
        return Ok(Vec::new());
    }
    let backend = db.get_database_backend();
    let in_sources = vec!["?"; source_ids.len()].join(", ");
    let mut values: Vec<Value> = Vec::new();
    let sql = match backend {
        DbBackend::Postgres => {
            let words = vec!["(?)"; terms.len()].join(", ");
            values.push(user_id.into());
            values.extend(source_ids.iter().map(|s| Value::from(s.as_str())));
            values.extend(terms.iter().map(|t| Value::from(t.as_str())));
            format!(
                "WITH scope AS (
                    SELECT id, search_vector FROM source_passages
                    WHERE user_id = ? AND source_id IN ({in_sources})
                ),
                total AS (SELECT count(*)::float8 AS n FROM scope),
                term AS (
                    SELECT DISTINCT q FROM (
                        SELECT plainto_tsquery('english', w.word) AS q FROM (VALUES {words}) AS w(word)
                    ) AS parsed WHERE numnode(q) > 0
                ),
                weighted AS (
                    SELECT term.q, ln(1 + (total.n - df.n + 0.5) / (df.n + 0.5)) AS idf
                    FROM term CROSS JOIN total
                    CROSS JOIN LATERAL (
                        SELECT count(*)::float8 AS n FROM scope WHERE scope.search_vector @@ term.q
                    ) AS df
                ),
                scored AS (
                    SELECT scope.id, sum(weighted.idf * ts_rank(scope.search_vector, weighted.q, 1)) AS score
                    FROM scope JOIN weighted ON scope.search_vector @@ weighted.q
                    GROUP BY scope.id
                )
                SELECT p.source_id, p.ordinal, p.page, p.heading, p.text, scored.score::float8 AS score
                FROM scored JOIN source_passages AS p ON p.id = scored.id
                ORDER BY scored.score DESC, p.source_id, p.ordinal
                LIMIT ?"
            )
        }
        _ => {
            let matched = terms
                .iter()
                .map(|t| format!("\"{t}\""))
                .collect::<Vec<_>>()
                .join(" OR ");
            values.push(matched.into());
            values.push(user_id.into());
            values.extend(source_ids.iter().map(|s| Value::from(s.as_str())));
            // CROSS JOIN keeps the full-text match as the outer loop.
            format!(
                "SELECT p.source_id, p.ordinal, p.page, p.heading, p.text,
                    -bm25(source_passages_fts, 2.0, 1.0) AS score
                FROM source_passages_fts
                CROSS JOIN source_passages AS p ON p.id = source_passages_fts.rowid
                WHERE source_passages_fts MATCH ? AND p.user_id = ? AND p.source_id IN ({in_sources})
                ORDER BY score DESC, p.source_id, p.ordinal
                LIMIT ?"
            )
        }
    };
    values.push(Value::from(k as i64));
    let rows = db.query_all_raw(statement(backend, &sql, values)).await?;
    rows.iter()
        .map(|row| {
            Ok(Retrieved {
                source_id: row.try_get("", "source_id")?,
                passage: row.try_get::<i32>("", "ordinal")?.max(0) as u32,
                page: row
                    .try_get::<Option<i32>>("", "page")?
                    .map(|p| p.max(0) as u32),
                heading: row.try_get("", "heading")?,
                text: row.try_get("", "text")?,
                score: row.try_get("", "score")?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_terms_are_words_lowercased_once_each() {
        assert_eq!(
            terms("Quench the \"steel\" OR quench* NEAR(x)"),
            vec!["quench", "the", "steel", "or", "near", "x"]
        );
        assert!(terms(" -- ").is_empty());
    }
}
