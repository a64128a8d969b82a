//! What the user asked a video to be.

/// What the user asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Brief {
    pub topic: String,
    /// 1 beginner, 2 intermediate, 3 advanced.
    pub level: u8,
    pub duration_minutes: f64,
    pub wpm: u32,
    /// Passages of the learner's own documents to write from (retrieved for the topic, best
    /// first): each scene is written from those that match it, and every narrated sentence
    /// cites one and is checked against it. Empty: written from the topic alone.
    pub passages: Vec<crate::grounding::Passage>,
}

impl Brief {
    /// The word budget: duration x wpm.
    pub fn target_words(&self) -> usize {
        (self.duration_minutes * f64::from(self.wpm)).round() as usize
    }
}
