//! Queue workers: one job type per kind, stage orchestration, progress, retries and refunds.
