//! Keeps internals out of what users and the public see: file paths, tracebacks, SQL and
//! library messages belong in the log (with the job id), not in an answer.

/// Whether `text` carries something only an operator should read: a file path, a traceback
/// or panic, a source location, SQL or a database driver's message.
pub fn looks_internal(text: &str) -> bool {
    const MARKERS: [&str; 14] = [
        "Traceback",
        "File \"",
        "panicked at",
        "stack backtrace",
        ".rs:",
        ".py",
        "sqlx",
        "SQLSTATE",
        "SqliteError",
        "error returned from database",
        "SELECT ",
        "INSERT ",
        "UPDATE ",
        "Os { code",
    ];
    MARKERS.iter().any(|marker| text.contains(marker)) || text.split_whitespace().any(is_path)
}

/// `text` with every file path cut to its last component (`/srv/lectern/data/lectern.db`
/// becomes `lectern.db`); URLs are left alone.
pub fn strip_paths(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if is_path(word) {
            let start = word.find(['/', '~', '.']).unwrap_or(0);
            let (lead, path) = word.split_at(start);
            let end = path
                .rfind(|c: char| c.is_alphanumeric() || c == '_' || c == '-')
                .map_or(path.len(), |n| n + 1);
            let (path, trail) = path.split_at(end);
            out.push_str(lead);
            out.push_str(path.rsplit('/').next().unwrap_or(""));
            out.push_str(trail);
        } else {
            out.push_str(word);
        }
    }
    out
}

/// A word that names a file by its path: `/a/b`, `~/a`, `./a/b`, `../a`, possibly in
/// brackets or quotes; not a URL (`https://…`, `s3://…`).
fn is_path(word: &str) -> bool {
    let word = word.trim_start_matches(['(', '[', '"', '\'', '`', '<']);
    if word.contains("://") {
        return false;
    }
    (word.starts_with('/') && word[1..].contains(|c: char| c.is_alphanumeric()) && word.len() > 1)
        || word.starts_with("~/")
        || word.starts_with("./")
        || word.starts_with("../")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_tracebacks_and_sql_are_internal_and_plain_sentences_are_not() {
        assert!(looks_internal(
            "storing video.mp4: /srv/data/media/x: denied"
        ));
        assert!(looks_internal(
            "Traceback (most recent call last):\n  File \"/usr/lib/x.py\", line 3"
        ));
        assert!(looks_internal("thread 'main' panicked at src/lib.rs:3:5"));
        assert!(looks_internal(
            "error returned from database: UPDATE jobs SET x"
        ));
        assert!(!looks_internal(
            "The course of this lesson no longer exists"
        ));
        assert!(!looks_internal(
            "The solution failed its mathematics check twice: 2/3 is not 0.5"
        ));
        assert!(!looks_internal("see https://lectern.example/help"));
    }

    #[test]
    fn a_path_is_cut_to_its_file_name_and_a_url_is_kept() {
        assert_eq!(
            strip_paths("SQLite (/home/ada/lectern/data/lectern.db)"),
            "SQLite (lectern.db)"
        );
        assert_eq!(
            strip_paths("local folder (./data/media)"),
            "local folder (media)"
        );
        assert_eq!(
            strip_paths("S3 (s3://bucket/prefix)"),
            "S3 (s3://bucket/prefix)"
        );
        assert_eq!(
            strip_paths("OpenAI-compatible (http://127.0.0.1:11434/v1, model x)"),
            "OpenAI-compatible (http://127.0.0.1:11434/v1, model x)"
        );
    }
}
