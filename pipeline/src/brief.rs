//! What the user asked a video to be.

use lectern_contract::{Minutes, Wpm};

use crate::titles::{Subject, guess_subject};

/// What the user asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Brief {
    pub topic: String,
    /// The topic's subject, worked out once from its words when the brief is made; every
    /// stage reads it here.
    pub subject: Subject,
    /// 1 beginner, 2 intermediate, 3 advanced.
    pub level: u8,
    pub duration_minutes: Minutes,
    pub wpm: Wpm,
    /// Passages of the learner's own documents to write from (retrieved for the topic, best
    /// first): each scene is written from those that match it, and every narrated sentence
    /// cites one and is checked against it. Empty: written from the topic alone.
    pub passages: Vec<crate::grounding::Passage>,
}

impl Brief {
    /// A brief on `topic`, its subject guessed from the topic's words, without passages.
    pub fn new(topic: impl Into<String>, level: u8, duration_minutes: Minutes, wpm: Wpm) -> Self {
        let topic = topic.into();
        Brief {
            subject: guess_subject(&topic),
            topic,
            level,
            duration_minutes,
            wpm,
            passages: Vec::new(),
        }
    }

    /// The word budget: duration x wpm.
    pub fn target_words(&self) -> usize {
        self.duration_minutes.words_at(self.wpm)
    }
}
