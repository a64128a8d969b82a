//! The batch file: JSON (a list of entries, or `{"entries": [...]}`) or CSV (a header row,
//! then one entry per row). An entry either asks for a course (`user`, `goal`, optional
//! `background_knowledge`, `detail_level`, `sources`, `lessons`, `key`) or for lesson videos
//! of an existing course (`course_id`, `lessons`).

use serde_json::{Map, Value};

/// Which lessons an entry wants videos for. Indices count from zero, as in the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lessons {
    None,
    All,
    Indices(Vec<i64>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    Course {
        /// A user id, or an e-mail address that exactly one account has.
        user: String,
        goal: String,
        background_knowledge: String,
        detail_level: u8,
        /// Ids of the user's own documents the course follows (a lesson per section); empty
        /// for a course planned from its goal alone.
        sources: Vec<String>,
        /// Lesson videos to start once the course is written (default: none).
        lessons: Lessons,
        /// Names this request for good, so running the file again finds its job; by default
        /// the key is made from the user, goal, background and detail level.
        key: Option<String>,
    },
    Lessons {
        course_id: String,
        /// Default: all.
        lessons: Lessons,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// 1-based: the position in a JSON list, or the line of a CSV file.
    pub line: usize,
    pub request: Request,
}

const FIELDS: &[&str] = &[
    "user",
    "user_id",
    "email",
    "goal",
    "background_knowledge",
    "backgroundKnowledge",
    "detail_level",
    "detailLevel",
    "course_id",
    "lessons",
    "key",
    "sources",
    "source_ids",
];

/// Reads every entry, or reports every problem (each naming its entry or line).
pub fn parse(name: &str, text: &str) -> Result<Vec<Entry>, Vec<String>> {
    let looks_json = name.to_lowercase().ends_with(".json")
        || text.trim_start().starts_with('[')
        || text.trim_start().starts_with('{');
    if looks_json {
        parse_json(text)
    } else {
        parse_csv(text)
    }
}

fn parse_json(text: &str) -> Result<Vec<Entry>, Vec<String>> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| vec![format!("not valid JSON: {e}")])?;
    let items = match value {
        Value::Array(items) => items,
        Value::Object(mut map) => match map.remove("entries") {
            Some(Value::Array(items)) => items,
            _ => {
                return Err(vec![
                    "a JSON batch file is a list of entries, or an object with an \"entries\" list"
                        .into(),
                ]);
            }
        },
        _ => return Err(vec!["a JSON batch file is a list of entries".into()]),
    };
    let mut entries = Vec::new();
    let mut problems = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let line = i + 1;
        match item {
            Value::Object(map) => match entry_from_map(&map) {
                Ok(request) => entries.push(Entry { line, request }),
                Err(p) => problems.extend(p.into_iter().map(|p| format!("entry {line}: {p}"))),
            },
            _ => problems.push(format!("entry {line}: an entry is an object")),
        }
    }
    finish(entries, problems)
}

fn finish(entries: Vec<Entry>, problems: Vec<String>) -> Result<Vec<Entry>, Vec<String>> {
    if !problems.is_empty() {
        return Err(problems);
    }
    if entries.is_empty() {
        return Err(vec!["the file has no entries".into()]);
    }
    Ok(entries)
}

fn text(map: &Map<String, Value>, names: &[&str], problems: &mut Vec<String>) -> Option<String> {
    for name in names {
        match map.get(*name) {
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) if s.trim().is_empty() => continue,
            Some(Value::String(s)) => return Some(s.trim().to_string()),
            Some(Value::Number(n)) => return Some(n.to_string()),
            Some(_) => problems.push(format!("{name} must be text")),
        }
    }
    None
}

fn detail_level(value: Option<&Value>) -> Result<u8, String> {
    let level = match value {
        None | Some(Value::Null) => return Ok(2),
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => match s.trim().to_lowercase().as_str() {
            "" => return Ok(2),
            "beginner" => Some(1),
            "intermediate" => Some(2),
            "advanced" => Some(3),
            other => other.parse().ok(),
        },
        Some(_) => None,
    };
    level
        .filter(|l| (1..=3).contains(l))
        .map(|l| l as u8)
        .ok_or_else(|| "detail_level must be 1, 2 or 3 (beginner, intermediate or advanced)".into())
}

fn lessons(value: Option<&Value>, default: Lessons) -> Result<Lessons, String> {
    let bad = || {
        "lessons must be \"all\", \"none\" or a list of lesson indices counted from 0".to_string()
    };
    match value {
        None | Some(Value::Null) => Ok(default),
        Some(Value::String(s)) => {
            let s = s.trim().to_lowercase();
            match s.as_str() {
                "" => Ok(default),
                "all" => Ok(Lessons::All),
                "none" => Ok(Lessons::None),
                list => list
                    .split(|c: char| c == ';' || c == '|' || c == ',' || c.is_whitespace())
                    .filter(|p| !p.is_empty())
                    .map(|p| p.parse::<i64>().map_err(|_| bad()))
                    .collect::<Result<Vec<_>, _>>()
                    .map(Lessons::Indices),
            }
        }
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_i64().ok_or_else(bad))
            .collect::<Result<Vec<_>, _>>()
            .map(Lessons::Indices),
        Some(_) => Err(bad()),
    }
}

/// Source ids: a JSON list, or text separated by `;`, `|`, `,` or spaces (a CSV cell); each
/// once, in their first order.
fn source_ids(value: Option<&Value>) -> Result<Vec<String>, String> {
    let bad = || "sources must be a list of source ids".to_string();
    let ids: Vec<String> = match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(s)) => s
            .split(|c: char| c == ';' || c == '|' || c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(|s| s.trim().to_string()).ok_or_else(bad))
            .collect::<Result<Vec<_>, _>>()?,
        Some(_) => return Err(bad()),
    };
    let mut distinct: Vec<String> = Vec::new();
    for id in ids {
        if !id.is_empty() && !distinct.contains(&id) {
            distinct.push(id);
        }
    }
    if distinct.len() > lectern_core::sources::MAX_PER_VIDEO {
        return Err(format!(
            "sources may name at most {} documents",
            lectern_core::sources::MAX_PER_VIDEO
        ));
    }
    Ok(distinct)
}

fn entry_from_map(map: &Map<String, Value>) -> Result<Request, Vec<String>> {
    let mut problems = Vec::new();
    for key in map.keys() {
        if !FIELDS.contains(&key.as_str()) {
            problems.push(format!(
                "unknown field \"{key}\" (known: {})",
                FIELDS.join(", ")
            ));
        }
    }
    let course_id = text(map, &["course_id"], &mut problems);
    let goal = text(map, &["goal"], &mut problems);
    let user = text(map, &["user", "user_id", "email"], &mut problems);
    let background = text(
        map,
        &["background_knowledge", "backgroundKnowledge"],
        &mut problems,
    );
    let key = text(map, &["key"], &mut problems);
    if key.as_ref().is_some_and(|k| k.chars().count() > 200) {
        problems.push("key must be at most 200 characters".into());
    }
    let level = detail_level(map.get("detail_level").or_else(|| map.get("detailLevel")));
    let request = match (course_id, goal) {
        (Some(_), Some(_)) => {
            problems.push(
                "give either course_id (lessons of a course) or goal (a new course), not both"
                    .into(),
            );
            None
        }
        (Some(course_id), None) => {
            match lessons(map.get("lessons"), Lessons::All) {
                Ok(Lessons::None) => {
                    problems.push("lessons \"none\" of an existing course asks for nothing".into())
                }
                Ok(lessons) => {
                    return if problems.is_empty() {
                        Ok(Request::Lessons { course_id, lessons })
                    } else {
                        Err(problems)
                    };
                }
                Err(p) => problems.push(p),
            }
            None
        }
        (None, Some(goal)) => {
            if user.is_none() {
                problems.push("a course needs user (a user id or e-mail address)".into());
            }
            let chars = goal.chars().count();
            if !(3..=500).contains(&chars) {
                problems.push("goal must be 3 to 500 characters".into());
            }
            if background
                .as_deref()
                .is_some_and(|b| b.chars().count() > 1000)
            {
                problems.push("background_knowledge must be at most 1000 characters".into());
            }
            let level = level.map_err(|p| problems.push(p)).ok();
            let sources = source_ids(map.get("sources").or_else(|| map.get("source_ids")))
                .map_err(|p| problems.push(p))
                .unwrap_or_default();
            let lessons = lessons(map.get("lessons"), Lessons::None)
                .map_err(|p| problems.push(p))
                .ok();
            match (user, level, lessons) {
                (Some(user), Some(detail_level), Some(lessons)) => Some(Request::Course {
                    user,
                    goal,
                    background_knowledge: background.unwrap_or_default(),
                    detail_level,
                    sources,
                    lessons,
                    key,
                }),
                _ => None,
            }
        }
        (None, None) => {
            problems.push(
                "give course_id (lessons of a course) or goal and user (a new course)".into(),
            );
            None
        }
    };
    match request {
        Some(request) if problems.is_empty() => Ok(request),
        _ => Err(problems),
    }
}

/// The file's records with the line each starts on; quotes may hold commas, quotes (doubled)
/// and line breaks (the `csv` crate's RFC 4180 reading). Blank records are left out.
fn csv_records(text: &str) -> Result<Vec<(usize, Vec<String>)>, String> {
    // The reader takes an unclosed quote to the end of the file; say so instead.
    if text.matches('"').count() % 2 == 1 {
        let line = text
            .lines()
            .position(|l| l.matches('"').count() % 2 == 1)
            .map_or(1, |i| i + 1);
        return Err(format!("line {line}: a quoted field is never closed"));
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut records = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| match e.position() {
            Some(at) => format!("line {}: {e}", at.line()),
            None => e.to_string(),
        })?;
        let line = record.position().map_or(1, |at| at.line() as usize);
        let fields: Vec<String> = record.iter().map(str::to_string).collect();
        if fields.iter().any(|v| !v.trim().is_empty()) {
            records.push((line, fields));
        }
    }
    Ok(records)
}

fn parse_csv(text: &str) -> Result<Vec<Entry>, Vec<String>> {
    let mut records = csv_records(text.trim_start_matches('\u{feff}'))
        .map_err(|e| vec![e])?
        .into_iter();
    let Some((_, header)) = records.next() else {
        return Err(vec!["the file is empty".into()]);
    };
    let header: Vec<String> = header.iter().map(|h| h.trim().to_string()).collect();
    let mut entries = Vec::new();
    let mut problems = Vec::new();
    for (line, fields) in records {
        if fields.len() > header.len() {
            problems.push(format!(
                "line {line}: {} fields, but the header names {}",
                fields.len(),
                header.len()
            ));
            continue;
        }
        let map: Map<String, Value> = header
            .iter()
            .zip(fields)
            .filter(|(_, v)| !v.trim().is_empty())
            .map(|(k, v)| (k.clone(), Value::String(v)))
            .collect();
        match entry_from_map(&map) {
            Ok(request) => entries.push(Entry { line, request }),
            Err(p) => problems.extend(p.into_iter().map(|p| format!("line {line}: {p}"))),
        }
    }
    finish(entries, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_entries_ask_for_courses_or_for_lessons_of_a_course() {
        let entries = parse(
            "batch.json",
            r#"[
                {"user": "ada@example.com", "goal": "Learn Rust", "detail_level": "advanced", "lessons": "all"},
                {"course_id": "c-1"},
                {"course_id": "c-2", "lessons": [0, 2]}
            ]"#,
        )
        .unwrap();
        assert_eq!(
            entries[0].request,
            Request::Course {
                user: "ada@example.com".into(),
                goal: "Learn Rust".into(),
                background_knowledge: String::new(),
                detail_level: 3,
                sources: Vec::new(),
                lessons: Lessons::All,
                key: None,
            }
        );
        assert_eq!(
            entries[1].request,
            Request::Lessons {
                course_id: "c-1".into(),
                lessons: Lessons::All
            }
        );
        assert_eq!(
            entries[2].request,
            Request::Lessons {
                course_id: "c-2".into(),
                lessons: Lessons::Indices(vec![0, 2])
            }
        );
    }

    #[test]
    fn csv_rows_with_quotes_and_lesson_lists_are_read() {
        let entries = parse(
            "batch.csv",
            "user,goal,background_knowledge,detail_level,course_id,lessons,sources\n\
             ada@example.com,\"Learn Rust, fast\",\"Knows \"\"C\"\"\",1,,none,s-2;s-1;s-2\n\
             ,,,,c-9,0;3,\n",
        )
        .unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].line, 2);
        match &entries[0].request {
            Request::Course {
                goal,
                background_knowledge,
                detail_level,
                lessons,
                sources,
                ..
            } => {
                assert_eq!(sources, &["s-2", "s-1"], "each document once, in order");
                assert_eq!(goal, "Learn Rust, fast");
                assert_eq!(background_knowledge, "Knows \"C\"");
                assert_eq!(*detail_level, 1);
                assert_eq!(*lessons, Lessons::None);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            entries[1].request,
            Request::Lessons {
                course_id: "c-9".into(),
                lessons: Lessons::Indices(vec![0, 3])
            }
        );
    }

    #[test]
    fn every_bad_entry_is_named() {
        let problems = parse(
            "b.json",
            r#"[{"goal": "Learn Rust"}, {"course_id": "c", "goal": "x"}, {"course_id": "c", "lessons": "some"}, {"colour": "red"}]"#,
        )
        .unwrap_err();
        assert!(
            problems[0].starts_with("entry 1: a course needs user"),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("entry 2: give either")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("entry 3: lessons must be")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("entry 4: unknown field \"colour\"")),
            "{problems:?}"
        );
    }
}
