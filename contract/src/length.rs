//! A video's length and its narration speed, and the arithmetic between them.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A length in minutes: what a video, a lesson or a problem's solution was asked to last, or
/// what a narration lasts. Fractions are allowed (a half-minute brief, 1.5 minutes from the
/// command line). Shown as a clock ("5:00", "2:30").
///
/// In JSON it is a number; a whole number of minutes is written as an integer, as the job
/// parameters and library records have always held it (`"duration_minutes": 5`).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Minutes(f64);

impl Minutes {
    pub const fn new(minutes: f64) -> Self {
        Minutes(minutes)
    }

    pub const fn whole(minutes: u32) -> Self {
        Minutes(minutes as f64)
    }

    pub fn from_seconds(seconds: f64) -> Self {
        Minutes(seconds / 60.0)
    }

    pub const fn get(self) -> f64 {
        self.0
    }

    /// Whole minutes, a started minute counting as one: 2.1 is 3.
    pub fn rounded_up(self) -> u32 {
        self.0.ceil() as u32
    }

    /// The longer of the two.
    pub fn max(self, other: Minutes) -> Minutes {
        Minutes(self.0.max(other.0))
    }

    /// How many words fill this length at `wpm`: the word budget of a script.
    pub fn words_at(self, wpm: Wpm) -> usize {
        (self.0 * f64::from(wpm.0)).round() as usize
    }
}

/// "m:ss" for a length in seconds, rounded to the second: "5:00", "12:07".
pub fn clock(seconds: f64) -> String {
    let whole = seconds.round() as u64;
    format!("{}:{:02}", whole / 60, whole % 60)
}

impl fmt::Display for Minutes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&clock(self.0 * 60.0))
    }
}

/// Integers up to here are exact in an f64.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

impl Serialize for Minutes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.fract() == 0.0 && (0.0..=EXACT_INTEGERS).contains(&self.0) {
            serializer.serialize_u64(self.0 as u64)
        } else {
            serializer.serialize_f64(self.0)
        }
    }
}

impl<'de> Deserialize<'de> for Minutes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let minutes = f64::deserialize(deserializer)?;
        if minutes.is_finite() && minutes >= 0.0 {
            Ok(Minutes(minutes))
        } else {
            Err(serde::de::Error::custom(
                "minutes must be a number of minutes, 0 or more",
            ))
        }
    }
}

/// Words per minute: how fast the narration speaks, and with a length, how long a script is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Wpm(u32);

impl Wpm {
    pub const fn new(wpm: u32) -> Self {
        Wpm(wpm)
    }

    pub const fn get(self) -> u32 {
        self.0
    }

    /// How long `words` take to say at this speed.
    pub fn minutes_for(self, words: usize) -> Minutes {
        Minutes(words as f64 / f64::from(self.0))
    }

    /// [`Wpm::minutes_for`] in seconds.
    pub fn seconds_for(self, words: usize) -> f64 {
        words as f64 * 60.0 / f64::from(self.0)
    }
}

impl fmt::Display for Wpm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_length_is_shown_as_a_clock() {
        assert_eq!(Minutes::whole(5).to_string(), "5:00");
        assert_eq!(Minutes::new(2.5).to_string(), "2:30");
        assert_eq!(Minutes::whole(12).to_string(), "12:00");
        assert_eq!(clock(727.4), "12:07");
        assert_eq!(clock(59.6), "1:00");
    }

    #[test]
    fn whole_minutes_are_written_as_integers_and_fractions_as_numbers() {
        assert_eq!(serde_json::to_string(&Minutes::whole(5)).unwrap(), "5");
        assert_eq!(serde_json::to_string(&Minutes::new(0.5)).unwrap(), "0.5");
        let read: Minutes = serde_json::from_str("5").unwrap();
        assert_eq!(read, Minutes::whole(5));
        let read: Minutes = serde_json::from_str("1.5").unwrap();
        assert_eq!(read, Minutes::new(1.5));
    }

    #[test]
    fn a_negative_length_is_refused() {
        let error = serde_json::from_str::<Minutes>("-1").unwrap_err();
        assert!(error.to_string().contains("0 or more"), "{error}");
    }

    #[test]
    fn words_per_minute_are_written_as_the_number() {
        assert_eq!(serde_json::to_string(&Wpm::new(150)).unwrap(), "150");
        assert_eq!(serde_json::from_str::<Wpm>("120").unwrap(), Wpm::new(120));
        assert_eq!(Wpm::new(150).to_string(), "150");
    }

    #[test]
    fn the_word_budget_is_length_times_speed() {
        assert_eq!(Minutes::whole(5).words_at(Wpm::new(150)), 750);
        assert_eq!(Minutes::new(0.5).words_at(Wpm::new(100)), 50);
        assert_eq!(Minutes::new(1.004).words_at(Wpm::new(150)), 151);
    }

    #[test]
    fn words_take_their_length_to_say() {
        assert_eq!(Wpm::new(150).minutes_for(300), Minutes::whole(2));
        assert_eq!(Wpm::new(150).seconds_for(757), 302.8);
        assert_eq!(Wpm::new(150).minutes_for(301).rounded_up(), 3);
        assert_eq!(Minutes::whole(5).max(Minutes::new(9.2)), Minutes::new(9.2));
    }
}
