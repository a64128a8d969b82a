//! word_problems
