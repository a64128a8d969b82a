//! What the user asked a video to be.

/// What the user asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Brief {
    pub topic: String,
    /// 1 beginner, 2 intermediate, 3 advanced.
    pub level: u8,
    pub duration_minutes: f64,
    pub wpm: u32,
}

impl Brief {
    /// The word budget: duration x wpm.
    pub fn target_words(&self) -> usize {
        (self.duration_minutes * f64::from(self.wpm)).round() as usize
    }
}
