//! Lectern's video pipeline: storyboard -> narration -> frames -> encode -> outputs.
//! Pure stages; no database and no queue.
