// Generated from openapi.json by `npm run gen:api` (openapi-typescript); do not edit.
// Regenerate both with `just openapi` after changing the API.

export interface paths {
    "/api/auth/user/{user_id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's credit balance. */
        get: operations["balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/user/{user_id}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SPEC.md's `{courses, videos}` for the caller: newest first, or ranked by `q` (a title
         *     that holds every word first). `type` keeps one kind; `limit` and `offset` apply to each
         *     list.
         */
        get: operations["search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-session/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own checkout session and whether its credits are in: what the confirmation
         *     screen waits on.
         */
        get: operations["checkout_session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/courses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's course by its id (or the id of the job that wrote it); another user's
         *     course answers 404 like a missing one.
         */
        get: operations["course"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/courses/{id}/scorm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's course as a SCORM 1.2 package (zip) of its lessons with finished videos. */
        get: operations["export_scorm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-checkout-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Starts buying a credit package: the package's price comes from the server; credits are
         *     granted by the payment provider's webhook only.
         */
        post: operations["create_checkout_session"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/credit-packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The credit packages on sale, for anyone. */
        get: operations["packages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/generate-all-lesson-videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Starts the videos of several lessons at once (free); any invalid index starts nothing. */
        post: operations["generate_all_lesson_videos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/generate-course": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Starts a course: a goal becomes an outline of lessons (3 credits; the lessons' videos are
         *     then free for the course's owner).
         */
        post: operations["generate_course"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/generate-lesson-video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Starts the video of one lesson of the caller's course (free); a lesson whose video is on
         *     the way or done keeps its job (200, `started: false`).
         */
        post: operations["generate_lesson_video"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/job/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels a queued or running job; its credits are refunded. */
        post: operations["cancel_job"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/job/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's jobs: its state, progress and, once finished, its outputs. */
        get: operations["job_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's latest 100 jobs, newest first. */
        get: operations["list_jobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/library/courses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes one of the caller's courses, its lessons and their videos. */
        delete: operations["delete_course"];
        options?: never;
        head?: never;
        /** Publishes, unpublishes or renames one of the caller's courses. */
        patch: operations["update_course"];
        trace?: never;
    };
    "/api/library/videos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the caller's videos, by its id or its job's id: the stored title and description
         *     every screen shows.
         */
        get: operations["get_video"];
        put?: never;
        post?: never;
        /** Deletes one of the caller's videos and its media. */
        delete: operations["delete_video"];
        options?: never;
        head?: never;
        /** Publishes, unpublishes or renames one of the caller's videos. */
        patch: operations["update_video"];
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's user record, with the host flag. */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/media/chapters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A finished job's chapters (one per scene), as a WebVTT track. */
        get: operations["chapters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/media/course-thumbnail/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SPEC.md's second thumbnail address: a course's cover (or a video's thumbnail) by the
         *     item's id or its job's, for its owner, a media token naming either id, or anyone once
         *     published.
         */
        get: operations["course_thumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/media/study-sheet/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A finished video's printable study sheet: a PDF with its key points, definitions, worked
         *     steps and questions, the answers at the end (`lectern_pipeline::study_sheet`).
         */
        get: operations["study_sheet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/media/subtitles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A finished job's subtitles: WebVTT, or SRT with `format=srt`. */
        get: operations["subtitles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/media/thumbnail/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A finished job's thumbnail. */
        get: operations["thumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/media/transcript/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A finished job's transcript. */
        get: operations["transcript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document. */
        get: operations["openapi_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/problems/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reads a problem as the student wrote it (free; at most 60 a minute, 12 of them read by the
         *     language model): the reading in the solver's notation, its kind, and whether Lectern
         *     solves it without a language model. Words the rule reader cannot read are translated by
         *     the configured model (never solved by it) and read by the solver; words neither reads
         *     answer an empty reading of kind `not_understood`, saying how to write them.
         */
        post: operations["read_problem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/courses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * `GET /api/public/courses/{id}`: a published course; a private or unknown one answers the
         *     same 404.
         */
        get: operations["public_course"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/explore/courses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published courses, newest first. */
        get: operations["explore_courses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/explore/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lessons and solutions together (SPEC.md's explore preload splits them by `video_type`);
         *     `type=lesson` or `type=solution` keeps one kind.
         */
        get: operations["explore_videos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/videos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * `GET /api/public/videos/{id}`: a published video (or a lesson of a published course) by
         *     its id or its job's; a private or unknown one answers the same 404.
         */
        get: operations["public_video"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's documents, newest first, with how much of their quota they use. */
        get: operations["list_sources"];
        put?: never;
        /**
         * Adds documents: files as `multipart/form-data` (PDF, Markdown, plain text, HTML, DOCX, EPUB; at most
         *     10, each at most 20 MB), or pasted text as JSON. Each is read into passages; if any
         *     cannot be read, or together they pass the caller's quota, nothing is stored. Charges no
         *     credits.
         */
        post: operations["add_sources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's documents with its passages in order, each with its page or heading. */
        get: operations["get_source"];
        put?: never;
        post?: never;
        /** Removes one of the caller's documents and its passages. */
        delete: operations["delete_source"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storyboards/preview-frame": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Draws one scene, every element shown, exactly as the video will: the editor's picture of
         *     a slide, and its check that an equation typesets.
         */
        post: operations["preview_frame"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe's events: a paid checkout session credits its package once, whatever the order or
         *     number of deliveries.
         */
        post: operations["stripe_webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/video-functions-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the generation side can do right now, so the web app can say so plainly. */
        get: operations["video_functions_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/video/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Starts an explainer video: charged with the job's creation (1 credit, 2 from 10 minutes). */
        post: operations["generate_video"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/video/generate-solution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Starts a step-by-step solution video (1 credit). Words are read as `POST /problems/read`
         *     reads them (or the confirmed `reading` is checked), before anything is charged: a problem
         *     in mathematics that is not read is refused. Without a language model, only what the
         *     offline solver can solve is accepted.
         */
        post: operations["generate_solution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/video/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A finished job's MP4, with HTTP Range. */
        get: operations["video"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/video/{id}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The learner's progress in their video (zero before they watched it). */
        get: operations["video_progress"];
        put?: never;
        /**
         * Records where the learner is in their video, how far they watched and the checkpoints
         *     answered. Sending the same report again changes nothing; a report recorded before the
         *     stored one only moves the furthest point forward.
         */
        post: operations["report_progress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/video/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A video's versions, newest first, the shown one marked. */
        get: operations["list_revisions"];
        put?: never;
        /**
         * Renders an edited storyboard as the video's next version: only the changed scenes are
         *     narrated again; the version shown now stays until the new one is complete. Free when at
         *     most 3 scenes changed, else 1 credit.
         */
        post: operations["create_revision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/video/{id}/revisions/{number}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Shows an earlier (or later) version of the video again; answers the video. */
        post: operations["restore_revision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/video/{id}/storyboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The storyboard one of the caller's videos was rendered from (the pipeline's storyboard
         *     format: title, level, words per minute, and each scene's visual and narration), for the
         *     storyboard editor.
         */
        get: operations["get_storyboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/google/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finishes signing in: sets the refresh-token cookie, then answers the popup's result page
         *     or redirects back to `return_to` (with `signin=` or `signin_error=`).
         */
        get: operations["callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/google/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Starts signing in: to the identity provider, and back to `/auth/google/callback`. */
        get: operations["start"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends the session of the refresh-token cookie and clears it. */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trades the refresh-token cookie for a short-lived access token (and rotates the cookie). */
        post: operations["refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/debug": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Version and engines in use; never a secret, a connection string or a path. Answers
         *     callers on loopback, and others with the operator token.
         */
        get: operations["debug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database and the job queue. */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics. Answers callers on loopback, and others with the operator token. */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The documents an upload added, in the order given. */
        AddedSources: {
            sources: components["schemas"]["SourceSummary"][];
        };
        BalanceResponse: {
            credits: components["schemas"]["Credits"];
        };
        BatchStarted: {
            /** Format: int64 */
            cost: number;
            /** @description One per index, in the order given. */
            job_ids: string[];
            lessons: components["schemas"]["LessonStarted"][];
            /** @description How many new jobs were created. */
            started: number;
        };
        /** @description The final answer (Typst math), drawn in a box, with the check mark when verified. */
        BoxedAnswer: {
            checked?: boolean;
            math: string;
        };
        Capabilities: {
            course_generation: components["schemas"]["CourseCapability"];
            problem_solving: components["schemas"]["SolverCapability"];
            video_generation: components["schemas"]["VideoCapability"];
        };
        CheckoutSessionStatus: {
            /** Format: int64 */
            amount: number;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: int64 */
            credits: number;
            /** @description True once the webhook has put the package's credits in the ledger. */
            credits_applied: boolean;
            currency: string;
            package: components["schemas"]["PackageSummary"] | null;
            payment_status: string;
            session_id: string;
            /** @description `open`, `complete`, `expired` or `failed`. */
            status: string;
        };
        /** @description A checkpoint question: where the player pauses for it, the scene to rewatch, and its answer. */
        Checkpoint: {
            /**
             * Format: int32
             * @description A `choice` question's right option (an index into `options`).
             */
            answer?: number | null;
            /**
             * Format: double
             * @description Seconds: where playback pauses (just before the end of the scene it is about).
             */
            at: number;
            /** @description Why the answer is right, shown once answered. */
            explanation: string;
            /** @description That scene's heading. */
            heading: string;
            /**
             * Format: int32
             * @description The question's place among the video's checkpoints, from 0 (what progress reports
             *     name as `question`).
             */
            index: number;
            kind: components["schemas"]["CheckpointKind"];
            /** @description A `choice` question's options; empty for a `number`. */
            options: string[];
            question: string;
            /**
             * Format: double
             * @description Seconds: the start of the scene that taught it.
             */
            rewatch_from: number;
            /** Format: double */
            tolerance?: number | null;
            /** @description The unit a `number` answer is given in, if any. */
            unit?: string | null;
            /**
             * Format: double
             * @description A `number` question's answer; a typed number within `tolerance` of it is right.
             */
            value?: number | null;
        };
        /**
         * @description A checkpoint's answer: one of its options, or a number (for mathematics, computed by the
         *     checker, never taken from a model's word).
         */
        CheckpointAnswer: {
            /** @description Index into `options` of the right one. */
            answer: number;
            /** @enum {string} */
            kind: "choice";
            options: string[];
        } | {
            /** @enum {string} */
            kind: "number";
            /**
             * Format: double
             * @description How far from `value` an answer may be and still be right.
             */
            tolerance: number;
            unit?: string | null;
            /** Format: double */
            value: number;
        };
        CheckpointBody: {
            /** @description Answered right or wrong; null when skipped. */
            correct: boolean | null;
            /**
             * Format: int32
             * @description The question's place among the video's checkpoints, from 0.
             */
            question: number;
        };
        /** @enum {string} */
        CheckpointKind: "choice" | "number";
        /**
         * @description How the narrated sentences of a lesson written from sources fared against their passages
         *     (see `crate::grounding::passages::unsupported`).
         */
        CitationCheck: {
            /** @description Those written again, once, with the reason they were not supported. */
            asked_again: number;
            /** @description Sentences checked: every narrated sentence but a quiz's. */
            checked: number;
            /**
             * @description Those left out: still unsupported when written again, or stating a figure or a name
             *     with no passage to rest on.
             */
            dropped: number;
            /**
             * @description Unsupported sentences kept because their slide needs them (a definition's own, a
             *     list's only item). One stating a figure or a name that no passage holds is not
             *     kept: its scene is left out, its sentences counted as dropped (the title's stays).
             */
            kept_unsupported: number;
            /**
             * @description Those kept because their passage states every figure and name they do (after being
             *     asked again, for some).
             */
            supported: number;
            /** @description Kept sentences that rest on no passage: they state no figure and no name. */
            uncited: number;
        };
        /** @description Where a narrated sentence comes from: a passage of one of the learner's documents. */
        Cite: {
            /**
             * Format: int32
             * @description The PDF page the passage starts on.
             */
            page?: number | null;
            /**
             * Format: int32
             * @description The passage's place in its document, from 0.
             */
            passage: number;
            /**
             * Format: int32
             * @description The sentence of its beat the passage supports, counted from 0, the beat split after
             *     '.', '!' or '?' followed by a space and a capital (`sentences_of`); none: every
             *     sentence of the beat (storyboards written before 7 December 2026).
             */
            sentence?: number | null;
            source_id: string;
        };
        ComparisonRow: {
            left: string;
            right: string;
        };
        CourseCapability: {
            available: boolean;
            writer: components["schemas"]["Writer"];
        };
        /**
         * @description A course as its page shows it: the library's course item, the outline, and every lesson
         *     with its status and, once finished, its video.
         */
        CourseDetail: components["schemas"]["CourseItem"] & {
            audience: string;
            background_knowledge: string;
            lessons: components["schemas"]["LessonItem"][];
            offline_draft: boolean;
            prerequisites: string[];
            /** @description How far the caller got: lessons watched to the end, checkpoints answered. */
            progress: components["schemas"]["CourseProgress"];
            script_engine: string | null;
        };
        /** @description SPEC.md's media item for a course. */
        CourseItem: {
            /** Format: date-time */
            created_at: string;
            description: string;
            /** Format: int32 */
            detail_level: number;
            goal: string;
            has_thumbnail: boolean;
            id: string;
            is_public: boolean;
            job_id: string | null;
            /** Format: int64 */
            lesson_count: number;
            /** @description The job that writes it: queued, processing, completed, failed or cancelled. */
            status: string;
            thumbnail_storage_path: string | null;
            thumbnail_url: string | null;
            title: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description "3 of 6 lessons, 80% of checkpoints": a lesson counts as completed when its video was
         *     watched to 90% of its length.
         */
        CourseProgress: {
            /** Format: int32 */
            checkpoints_answered: number;
            /** Format: int32 */
            checkpoints_correct: number;
            /** Format: int64 */
            lessons: number;
            /** Format: int32 */
            lessons_completed: number;
        };
        Courses: {
            courses: components["schemas"]["CourseItem"][];
            has_more: boolean;
        };
        /** @description SPEC.md section 7. Any other field (a price, a credit count) is refused, not ignored. */
        CreateCheckoutRequest: {
            cancel_url: string;
            package_id: string;
            success_url: string;
            /** @description The caller's own id. */
            user_id: string;
        };
        CreateCheckoutResponse: {
            session_id: string;
            /** @description The payment page to send the buyer to. */
            url: string;
        };
        /** @description A package of credits on sale; prices in minor units. */
        CreditPackage: {
            /** Format: int64 */
            credits: number;
            /** @description ISO 4217, lower case (`usd`). */
            currency: string;
            id: string;
            name: string;
            /**
             * Format: int64
             * @description Minor currency units.
             */
            price: number;
        };
        /** @description SPEC.md's credit balance as the API returns it. */
        Credits: {
            /** Format: int64 */
            available: number;
            /** Format: date-time */
            last_purchase: string | null;
            subscription_status: string;
            /** Format: int64 */
            total_purchased: number;
            /** Format: int64 */
            total_used: number;
        };
        Cue: {
            /**
             * @description A video written from the learner's documents: the passages this sentence rests on
             *     (none for a sentence that states no figure and no name); empty otherwise.
             */
            cites: components["schemas"]["Cite"][];
            /** Format: double */
            end: number;
            /**
             * Format: int64
             * @description The scene the sentence belongs to, counted from zero.
             */
            scene: number;
            /**
             * Format: double
             * @description Seconds from the start.
             */
            start: number;
            text: string;
        };
        DebugInfo: {
            /** @description What does each concern (script writer, narration, storage, ...), by name. */
            engines: {
                [key: string]: string;
            };
            /** @description `production` or `development`. */
            environment: string;
            name: string;
            public_url: string;
            version: string;
        };
        Detail: string | components["schemas"]["FieldError"][];
        /**
         * @description A document a storyboard cites, with the pages of the passages cited (none for a document
         *     without pages).
         */
        DocumentNote: {
            pages?: number[];
            source_id: string;
            title: string;
        };
        /** @description A display equation written in Typst math syntax (no `#` or `$`). */
        EquationStep: {
            math: string;
            note?: string | null;
        };
        /** @description Every error answer: `{"detail": ...}`, a message or, for a 422, the list of what is wrong. */
        ErrorBody: {
            detail: components["schemas"]["Detail"];
        };
        /** @description One entry of a validation error list, in the shape SPEC.md's client reads. */
        FieldError: {
            /** @description Where: `body`, `query` or `header`, then the field (and an index in a list). */
            loc: string[];
            msg: string;
            /** @description What kind of problem: `missing`, `range`, `string_too_long`, `type_error`, ... */
            type: string;
        };
        /** @description What a storyboard written from the learner's documents rests on. */
        FromSources: {
            check: components["schemas"]["CitationCheck"];
            /** @description The documents cited, in the order first cited. */
            documents: components["schemas"]["DocumentNote"][];
        };
        /** @description SPEC.md's batch lesson request. */
        GenerateAll: {
            /** @description Required. */
            course_id?: string | null;
            /** @description Required: the lessons to generate, counted from 0. */
            lesson_indices?: number[] | null;
            /** @description The caller's own id; required. */
            user_id?: string | null;
        };
        /**
         * @description The course form as the web app sends it (camelCase, SPEC.md 3), with snake_case aliases;
         *     unknown fields are refused so that a typo is not silently ignored.
         */
        GenerateCourse: {
            /** @description What the learner already knows */
            backgroundKnowledge?: string | null;
            /** @description 1, 2 or 3, or beginner, intermediate or advanced; default 2 */
            detailLevel?: (number | null) | ("beginner" | "intermediate" | "advanced" | "1" | "2" | "3");
            /** @description Plan without writing: the outline and the cost, nothing charged. */
            dry_run?: boolean | null;
            /** @description The learning goal; required */
            goal?: string | null;
            /**
             * @description Up to 10 of the caller's own sources (`/api/sources`) to make the course from: it
             *     follows their structure, a lesson per section (3 to 12), and each lesson's video is
             *     written from its own section, every narrated sentence cited and checked. A source that
             *     is not the caller's, or documents too short for 3 lessons, is a 422 naming
             *     `source_ids`, before anything is charged.
             */
            source_ids?: string[] | null;
            /** @description The caller's own id; required. */
            user_id?: string | null;
        };
        /** @description SPEC.md's lesson video request; unknown fields are refused. */
        GenerateLesson: {
            /** @description Required. */
            course_id?: string | null;
            /** @description Plan without rendering. */
            dry_run?: boolean | null;
            /**
             * Format: int64
             * @description Required; lessons are counted from 0.
             */
            lesson_index?: number | null;
            /** @description The caller's own id; required. */
            user_id?: string | null;
        };
        /**
         * @description SPEC.md's problem-solving request. `problem_text` and `video_duration` are the names
         *     (DESIGN.md), `problem` and `duration` their accepted aliases; unknown fields are refused.
         */
        GenerateSolution: {
            /** @description 1, 2 or 3; default 2 */
            detail_level?: (number | null) | ("1" | "2" | "3");
            /** @description Plan without rendering: the solution and the cost, nothing charged. */
            dry_run?: boolean | null;
            /** @description Default false. */
            is_global?: boolean | null;
            /** @description The problem to solve; required */
            problem_text?: string | null;
            /** @description A free label; a default when empty */
            problem_type?: string | null;
            /**
             * @description The reading the student confirmed (`POST /api/problems/read`) when it rewrote their
             *     words: the job solves it. It must be one the solver reads and, for a problem in
             *     words, one that uses every amount of the words with its unit.
             */
            reading?: string | null;
            /** @description Every step on screen; default true. */
            show_work?: boolean | null;
            /**
             * @description The student's own worksheet(s) (`/api/sources`, up to 10): when `problem_text` names one
             *     of its numbered exercises ("3", "Exercise 3", "problem 2b"), the solution solves that
             *     exercise as the worksheet states it. An exercise it does not hold, or a source that is
             *     not the caller's, is a 422 before anything is charged. Words that state a problem of
             *     their own are solved as written.
             */
            source_ids?: string[] | null;
            /** @description A free label; a default when empty */
            subject?: string | null;
            /** @description The caller's own id; required. */
            user_id?: string | null;
            /**
             * @description Longest the solution video may be, in minutes
             * @default 3
             */
            video_duration?: number | null;
        };
        /**
         * @description SPEC.md's video request. Unknown fields are refused so that a typo is not silently
         *     ignored; `level` takes 1-3 or beginner / intermediate / advanced.
         */
        GenerateVideo: {
            /** @description Plan without rendering: the storyboard and the cost, nothing charged. */
            dry_run?: boolean | null;
            /**
             * @description Length of the video in minutes
             * @default 5
             */
            duration?: number | null;
            /** @description Default true. */
            enable_subtitles?: boolean | null;
            /** @description 1, 2 or 3, or beginner, intermediate or advanced; default 2 */
            level?: (number | null) | ("beginner" | "intermediate" | "advanced" | "1" | "2" | "3");
            /**
             * @description The caller's dry run (of a topic or a problem) that `storyboard` was previewed from:
             *     the solver's check marks stay on the scenes that are unchanged from its storyboard.
             */
            preview_job_id?: string | null;
            /**
             * @description Up to 10 of the caller's own sources (`/api/sources`) to write the video from: each
             *     scene is written from the passages retrieved for it, and every narrated sentence is
             *     cited and checked against its passage. A source that is not the caller's is a 422
             *     naming `source_ids`, before anything is charged.
             */
            source_ids?: string[] | null;
            storyboard?: components["schemas"]["Storyboard"] | null;
            /** @enum {string|null} */
            subtitle_style?: "modern" | null;
            /** @description What the video explains; required */
            topic?: string | null;
            /** @description The caller's own id; required. */
            user_id?: string | null;
            /**
             * @description Narration pace in words per minute
             * @default 150
             */
            wpm?: number | null;
        };
        /**
         * @description Whether the process can do its work: the database and the queue, each "ok" or what is
         *     wrong with it.
         */
        Health: {
            database: "ok" | {
                error?: string;
                retries?: number;
                /** Format: date-time */
                since?: string;
                /** @enum {string} */
                state: "recovering" | "unreachable";
            };
            queue: "ok" | {
                error?: string;
                retries?: number;
                /** Format: date-time */
                since?: string;
                /** @enum {string} */
                state: "recovering" | "unreachable";
            };
            /** @description `ok` while both answer, else `unavailable`. */
            status: string;
        };
        /**
         * @description What `PATCH` may change: `is_public` (publish or unpublish) and `title` (rename); at
         *     least one.
         */
        ItemChanges: {
            is_public?: boolean | null;
            /** @description A new title: one line of text */
            title?: string | null;
        };
        /**
         * @description What a job makes; stored as its name (`video`, `problem`, `course`, `course_video`).
         * @enum {string}
         */
        JobKind: "video" | "problem" | "course" | "course_video" | "revision";
        JobList: {
            jobs: components["schemas"]["JobStatus"][];
        };
        /**
         * @description Where a job stands; stored as its name. Only `core::jobs` moves a job between them.
         *     (`JobState` in the API's document, where `JobStatus` is the status report.)
         * @enum {string}
         */
        JobState: "queued" | "processing" | "completed" | "failed" | "cancelled";
        /** @description SPEC.md's job status fields, plus links to every output. */
        JobStatus: {
            chapters_url: string | null;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: int64 */
            cost: number;
            /** @description A course job's course (once written), or a lesson video's course. */
            course_id?: string | null;
            /** Format: date-time */
            created_at: string;
            current_step: string;
            error: string | null;
            /**
             * Format: int64
             * @description While the job is queued or running: how long a job like it usually takes from
             *     submission to its end, in seconds (the median of recent ones). The web app says
             *     "taking longer than usual" against it.
             */
            expected_seconds?: number | null;
            job_id: string;
            kind: components["schemas"]["JobKind"];
            /**
             * Format: int64
             * @description A lesson video's lesson, counted from zero.
             */
            lesson_index?: number | null;
            /**
             * @description A finished lesson, lesson video or course: true when the offline writer wrote it (a
             *     labelled study skeleton), false when a language model did; null before it is known
             *     and for solutions.
             */
            offline_draft: boolean | null;
            /**
             * Format: int32
             * @description 0 to 100.
             */
            progress: number;
            /** @description A finished dry run's plan: its storyboard and cost. */
            result?: Record<string, unknown> | null;
            smart_title: string | null;
            /** @description A solved problem: the final answer and each step, with whether a computation checked it */
            solution?: {
                answer_checked: boolean;
                final_answer: string;
                kind: string;
                problem: string;
                steps: {
                    after: string;
                    before: string;
                    checked: boolean;
                    narration?: string;
                    rule: string;
                }[];
            };
            status: components["schemas"]["JobState"];
            /** @description The printable study sheet (PDF) of a finished video. */
            study_sheet_url: string | null;
            subtitle_url: string | null;
            thumbnail_url: string | null;
            title: string;
            transcript_url: string | null;
            /** @description The outputs of a finished job (not a course's), each with a media token. */
            video_url: string | null;
        };
        /** @description One document a lesson is written from, and the pages of it. */
        LessonDocument: {
            /** @description The pages its passages start on (empty for a document without pages). */
            pages: number[];
            /** @description How many of its passages. */
            passages: number;
            source_id: string;
            /** @description The document's title; null once it is deleted. */
            title: string | null;
        };
        LessonItem: {
            /** @description The caller watched this lesson's video to 90% of its length. */
            completed: boolean;
            current_step: string | null;
            error: string | null;
            job_id: string | null;
            key_terms: string[];
            /**
             * Format: int32
             * @description Counted from zero, as in the lesson requests.
             */
            lesson_index: number;
            objectives: string[];
            /**
             * Format: int32
             * @description The running job's progress and step, while there is one.
             */
            progress: number | null;
            /**
             * @description The part of the caller's documents the lesson is written from (a course made from
             *     documents: its section); empty for a course planned from its goal alone.
             */
            sources: components["schemas"]["LessonDocument"][];
            /** @enum {string} */
            status: "none" | "queued" | "processing" | "completed" | "failed";
            summary: string;
            title: string;
            video: components["schemas"]["VideoItem"] | null;
            video_id: string | null;
        };
        LessonStarted: {
            /** Format: int64 */
            cost: number;
            job_id: string;
            /** Format: int32 */
            lesson_index: number;
            /** @description `false` when the lesson already had this job (queued, processing or done). */
            started: boolean;
            status: components["schemas"]["JobState"];
            title: string;
        };
        LineRange: {
            /** Format: int32 */
            end: number;
            /** Format: int32 */
            start: number;
        };
        /**
         * @description The caller's progress in the listed items, by id: every listed course, and each listed
         *     video they have started.
         */
        ListedProgress: {
            courses: {
                [key: string]: components["schemas"]["CourseProgress"];
            };
            videos: {
                [key: string]: components["schemas"]["WatchedVideo"];
            };
        };
        MathPart: {
            highlight?: boolean;
            math: string;
        };
        /**
         * @description Where the media routes serve a finished job's files; `token` is a media token bound to the
         *     job, for an item only its owner may open.
         */
        MediaUrls: {
            chapters_url: string;
            subtitle_url: string;
            thumbnail_url: string | null;
            transcript_url: string;
            video_url: string;
        };
        /** @description A finished video's storyboard, edited. */
        NewRevision: {
            /** @description Only say what the edit would change and cost; nothing is started or charged. */
            dry_run?: boolean | null;
            storyboard?: components["schemas"]["Storyboard"] | null;
        };
        /**
         * @description Who wrote the storyboard; an offline draft is labelled as such on screen and in results.
         * @enum {string}
         */
        Origin: "model" | "offline_draft" | "hand_written";
        PackageSummary: {
            /** Format: int64 */
            credits: number;
            currency: string;
            id: string;
            name: string;
            /** Format: int64 */
            price: number;
        };
        Packages: {
            /** @description Keyed by package id. */
            packages: {
                [key: string]: components["schemas"]["CreditPackage"];
            };
        };
        /** @description About 100-300 words of a document. */
        PassageView: {
            /** @description The heading it stands under. */
            heading: string | null;
            /**
             * Format: int32
             * @description Its place in the document, from 0 (what a citation names).
             */
            index: number;
            /**
             * Format: int32
             * @description The PDF page it starts on.
             */
            page: number | null;
            text: string;
            /** Format: int32 */
            words: number;
        };
        /** @description Pasted text, read as a plain-text document. */
        PastedSource: {
            /** @description The text, paragraphs separated by blank lines (at most 500,000 characters). */
            text: string;
            /** @description What to call it (1-200 characters). */
            title: string;
        };
        Preferences: {
            notifications: boolean;
            theme: string;
        };
        /** @description One scene of a storyboard, to draw. */
        PreviewFrame: {
            /** @description The scene's index, from 0. */
            scene: number;
            storyboard: components["schemas"]["Storyboard"];
        };
        /** @description How Lectern reads a problem, before anything is charged. */
        ProblemReading: {
            /** @description "Lectern reads this as: ...", or what was not understood and how to write it. */
            detail: string;
            /** @description The kind's short name: `limit`, `inequality`, `word_problem`, `geometry`, ... */
            kind: string;
            /**
             * @description The problem in the solver's notation, or the set-up of a problem in words
             *     (`lim_(x->1) ((x^2 - 1)/(x - 1))`, `$60 - 25% of $60`); empty when it was not read.
             */
            reading: string;
            /** @description Whether Lectern solves it offline, every step checked. */
            solvable: boolean;
        };
        /** @description What the player reports. */
        ProgressReport: {
            /** @description Every checkpoint question answered or skipped so far. */
            checkpoints?: components["schemas"]["CheckpointBody"][] | null;
            /**
             * Format: double
             * @description The furthest point watched, in seconds (at least `position_seconds` is taken).
             */
            furthest_seconds?: number | null;
            /**
             * Format: double
             * @description Where playback is, in seconds.
             */
            position_seconds: number;
            /**
             * Format: date-time
             * @description When the player recorded this (RFC 3339): a report recorded before the stored one
             *     changes nothing but the furthest point.
             */
            recorded_at: string;
        };
        /**
         * @description A published course as a visitor sees it: the explore item, the outline, and each lesson
         *     with its video once finished. Nothing about the owner, and nothing about lesson videos
         *     that are on the way or failed.
         */
        PublicCourse: components["schemas"]["CourseItem"] & {
            audience: string;
            lessons: components["schemas"]["PublicLesson"][];
            offline_draft: boolean;
            prerequisites: string[];
        };
        PublicLesson: {
            /** @description The finished video's job, the id its media URLs name. */
            job_id: string | null;
            key_terms: string[];
            /**
             * Format: int32
             * @description Counted from zero, as everywhere else.
             */
            lesson_index: number;
            objectives: string[];
            summary: string;
            title: string;
            video: components["schemas"]["PublicLessonVideo"] | null;
        };
        PublicLessonVideo: components["schemas"]["MediaUrls"] & {
            duration: string;
            /** Format: int32 */
            duration_minutes: number;
            title: string;
        };
        /** @description A published video as its embedded player needs it. */
        PublicVideo: components["schemas"]["MediaUrls"] & {
            /** @description As shown on cards ("5:03"). */
            duration: string;
            id: string;
            /** @description The finished video's job, the id its media URLs name. */
            job_id: string;
            title: string;
        };
        /** @description A problem to read. */
        ReadProblem: {
            /** @description The problem to solve; required */
            problem_text?: string | null;
        };
        /** @description The acknowledgement of an event, with what it did. */
        Received: {
            /**
             * @description What the event did: `granted`, `already_granted`, `not_paid`, `payment_failed`,
             *     `expired`, `ignored` or `unknown_session`.
             */
            outcome: string;
            received: boolean;
        };
        RefreshResponse: {
            access_token: string;
            /**
             * Format: int64
             * @description Unix seconds.
             */
            expires_at: number;
            user: components["schemas"]["User"];
        };
        /** @description One version of a video. */
        Revision: {
            /**
             * Format: int64
             * @description Credits it cost.
             */
            cost: number;
            /** Format: date-time */
            created_at: string;
            /** @description The version the video shows. */
            current: boolean;
            /** @description The job that rendered it (its media are under this id). */
            job_id: string;
            /**
             * Format: int32
             * @description 1 is the video as first made.
             */
            number: number;
            /** Format: int32 */
            scenes_changed: number;
        };
        /** @description An edit's job (`job_id` is null for a dry run), what it changes and costs. */
        RevisionStarted: {
            /**
             * Format: int64
             * @description Credits: 0 when at most 3 scenes changed, else 1; reserved now, refunded if it fails.
             */
            cost: number;
            job_id: string | null;
            /**
             * Format: int32
             * @description Scenes whose narration or picture differ from the version shown now.
             */
            scenes_changed: number;
        };
        Revisions: {
            /** @description Newest first. */
            revisions: components["schemas"]["Revision"][];
        };
        Scene: components["schemas"]["Visual"] & {
            /**
             * @description A lesson written from the learner's documents: the passages each beat's sentences
             *     rest on, one list a beat (parallel to `narration`); empty otherwise.
             */
            cites?: components["schemas"]["Cite"][][];
            narration: string[];
        };
        SearchResults: {
            courses: components["schemas"]["CourseItem"][];
            has_more_courses: boolean;
            has_more_videos: boolean;
            progress: components["schemas"]["ListedProgress"];
            videos: components["schemas"]["VideoItem"][];
        };
        Series: {
            label: string;
            /** @description `[x, y]` pairs, in increasing x. */
            points: number[][];
        };
        /**
         * @description One line of a solution, written as pieces of Typst math (no `#` or `$`) that together
         *     make the line; the highlighted pieces are what the step changed.
         */
        SolutionStep: {
            /** @description Only a step that a computation verified is drawn with the check mark. */
            checked?: boolean;
            parts: components["schemas"]["MathPart"][];
            /** @description The rule applied, in words; `None` for a line that only restates (the problem). */
            rule?: string | null;
        };
        SolverCapability: {
            available: boolean;
            solver: string;
        };
        /** @description One document with its passages. */
        SourceDetail: {
            passages: components["schemas"]["PassageView"][];
            source: components["schemas"]["SourceSummary"];
        };
        /** @description The caller's documents, newest first, and how much of their quota they use. */
        SourceList: {
            /** Format: int64 */
            quota_bytes: number;
            sources: components["schemas"]["SourceSummary"][];
            /** Format: int64 */
            used_bytes: number;
        };
        /**
         * @description A definition taken from reference data: the term, the definition as the source words
         *     it, and the source's name ("WordNet 3.0", "FOLDOC").
         */
        SourceNote: {
            definition: string;
            source: string;
            term: string;
        };
        /** @description A document as stored. */
        SourceSummary: {
            /**
             * Format: int64
             * @description Bytes of text it holds against the quota.
             */
            bytes: number;
            /**
             * Format: int64
             * @description Characters of text read.
             */
            characters: number;
            /** Format: date-time */
            created_at: string;
            /** @description The uploaded file's name; null for pasted text. */
            file_name: string | null;
            id: string;
            /** @description `pdf`, `markdown`, `text`, `html`, `docx` or `epub`. */
            kind: string;
            /**
             * Format: int32
             * @description A PDF's pages; null for other kinds.
             */
            pages: number | null;
            /**
             * Format: int32
             * @description How many passages it was cut into.
             */
            passages: number;
            title: string;
        };
        /** @description A job was created and queued (202). */
        Started: {
            /**
             * Format: int64
             * @description Credits reserved for it; refunded if it fails or is cancelled.
             */
            cost: number;
            job_id: string;
            /** @description `queued`. */
            status: string;
            title: string;
        };
        Storyboard: {
            /**
             * @description The questions the player asks as the video goes (at most [`MAX_CHECKPOINTS`]), in the
             *     order of their scenes. Not spoken or drawn: the player pauses and shows them.
             */
            checkpoints?: components["schemas"]["StoryboardCheckpoint"][];
            from_sources?: components["schemas"]["FromSources"] | null;
            /**
             * Format: int32
             * @description 1 beginner, 2 intermediate, 3 advanced.
             */
            level: number;
            origin?: components["schemas"]["Origin"];
            scenes: components["schemas"]["Scene"][];
            /** @description Whether the slides name the level: a solution's viewer never chose one. */
            show_level?: boolean;
            /**
             * @description The reference facts the lesson quotes or mentions, with their source (see
             *     `crate::grounding`). Not part of what a model writes.
             */
            sources?: components["schemas"]["SourceNote"][];
            subject: components["schemas"]["Subject"];
            /** Format: double */
            target_minutes: number;
            title: string;
            /** Format: int32 */
            version: number;
            /** Format: int32 */
            wpm: number;
        };
        /**
         * @description A question about what one scene taught, asked when the video reaches the scene's end;
         *     "rewatch this part" goes back to the scene's start.
         */
        StoryboardCheckpoint: components["schemas"]["CheckpointAnswer"] & {
            /** @description Why the answer is right, shown once the learner has answered. */
            explanation: string;
            question: string;
            /** @description The scene (counted from 0) that teaches the answer. */
            scene: number;
        };
        /** @enum {string} */
        Subject: "Mathematics" | "Programming" | "Science" | "Business" | "General";
        /** @description The transcript the player's panel seeks by: one cue per narrated sentence. */
        Transcript: {
            /**
             * @description The questions the player asks as the video goes, in the order of the video (none for
             *     a video made before checkpoints existed).
             */
            checkpoints: components["schemas"]["Checkpoint"][];
            cues: components["schemas"]["Cue"][];
            /**
             * @description A video written from the learner's documents: the documents its sentences cite, in
             *     the order first cited, with the pages cited; empty otherwise. Their passages' text is
             *     the owner's to read (`GET /api/sources/{id}`).
             */
            documents: components["schemas"]["DocumentNote"][];
            /**
             * Format: double
             * @description Seconds.
             */
            duration: number;
            /** @description The storyboard's scenes, as the pipeline wrote them. */
            scenes: Record<string, unknown>[];
            title: string;
        };
        /** @description One or more files: PDF, Markdown, plain text, HTML, Word (DOCX) or EPUB, each at most 20 MB. */
        UploadForm: {
            /** @description The files (the form field's name does not matter). */
            files: string[];
        };
        /** @description SPEC.md section 3's user document, as the web app reads it. */
        User: {
            /** Format: date-time */
            createdAt: string;
            credits: components["schemas"]["Credits"];
            displayName: string;
            email: string;
            firstName: string;
            isHost: boolean;
            /** Format: date-time */
            lastLoginAt: string;
            lastName: string;
            photoURL: string | null;
            preferences: components["schemas"]["Preferences"];
            stats: components["schemas"]["UserStats"];
            uid: string;
        };
        UserStats: {
            /** Format: int64 */
            creditsUsed: number;
            /** Format: int64 */
            problemsSolved: number;
            /** Format: int64 */
            videosGenerated: number;
        };
        VideoCapability: {
            available: boolean;
            /** @description The queue's backend, e.g. `SQLite (apalis-sqlite)`. */
            queue: string;
            writer: components["schemas"]["Writer"];
        };
        /**
         * @description SPEC.md's media item for a video. A public item's media URLs carry no token (anyone may
         *     open them, and the URL stays the same, so browsers cache it); a private item's carry a
         *     media token bound to its job.
         */
        VideoItem: {
            chapters_url: string | null;
            course_id: string | null;
            /** Format: date-time */
            created_at: string;
            description: string;
            difficulty: string;
            /** @description The length as shown, e.g. `5 min`. */
            duration: string;
            /** Format: int32 */
            duration_minutes: number;
            has_thumbnail: boolean;
            id: string;
            is_public: boolean;
            job_id: string | null;
            /** Format: int32 */
            lesson_index: number | null;
            /** Format: int32 */
            level: number;
            /** @description Written by the offline writer: a labelled study skeleton, not a model's lesson. */
            offline_draft: boolean;
            problem_type: string | null;
            status: components["schemas"]["JobState"];
            subject: string;
            subtitle_url: string | null;
            thumbnail_storage_path: string | null;
            thumbnail_url: string | null;
            title: string;
            topic: string;
            transcript_url: string | null;
            /** Format: date-time */
            updated_at: string;
            /** @enum {string} */
            video_type: "educational" | "problem_solving" | "course_lesson";
            /** @description The outputs, once finished. */
            video_url: string | null;
        };
        /** @description A learner's progress in one video. */
        VideoProgress: {
            checkpoints: components["schemas"]["CheckpointBody"][];
            /** Format: int32 */
            checkpoints_answered: number;
            /**
             * Format: int32
             * @description Checkpoints answered right, and answered at all (skipped ones are neither).
             */
            checkpoints_correct: number;
            /** @description Watched to 90% of its length (and it stays so). */
            completed: boolean;
            /** Format: double */
            duration_seconds: number;
            /** Format: double */
            furthest_seconds: number;
            /** Format: double */
            position_seconds: number;
            /**
             * Format: date-time
             * @description When the stored report was recorded; null before the first.
             */
            recorded_at: string | null;
            video_id: string;
        };
        Videos: {
            has_more: boolean;
            videos: components["schemas"]["VideoItem"][];
        };
        Visual: {
            /** @enum {string} */
            kind: "title";
            subtitle?: string | null;
            title: string;
        } | {
            heading: string;
            items: string[];
            /** @enum {string} */
            kind: "bullets";
        } | {
            definition: string;
            example?: string | null;
            /** @enum {string} */
            kind: "definition";
            term: string;
        } | {
            heading: string;
            /** @enum {string} */
            kind: "equation_steps";
            steps: components["schemas"]["EquationStep"][];
        } | {
            answer: string;
            heading: string;
            /** @enum {string} */
            kind: "worked_example";
            problem: string;
            steps: components["schemas"]["WorkedStep"][];
        } | {
            code: string;
            /** @description Line ranges (1-based, inclusive) highlighted by the beats after the first. */
            focus?: components["schemas"]["LineRange"][];
            heading: string;
            /** @enum {string} */
            kind: "code";
            language: string;
        } | {
            heading: string;
            /** @enum {string} */
            kind: "plot";
            series: components["schemas"]["Series"][];
            x_label: string;
            y_label: string;
        } | {
            heading: string;
            /** @enum {string} */
            kind: "comparison";
            left_title: string;
            right_title: string;
            rows: components["schemas"]["ComparisonRow"][];
        } | {
            heading: string;
            /** @enum {string} */
            kind: "summary";
            points: string[];
        } | {
            /** @description Index into `options` of the correct answer. */
            answer: number;
            explanation?: string | null;
            /** @enum {string} */
            kind: "quiz";
            options: string[];
            question: string;
        } | {
            answer?: components["schemas"]["BoxedAnswer"] | null;
            heading: string;
            /** @enum {string} */
            kind: "solution_steps";
            steps: components["schemas"]["SolutionStep"][];
        };
        /** @description How far the caller watched one of the listed videos. */
        WatchedVideo: {
            completed: boolean;
            /** Format: double */
            duration_seconds: number;
            /** Format: double */
            furthest_seconds: number;
        };
        WorkedStep: {
            math?: string | null;
            text: string;
        };
        /** @description Who writes a new job's script, as the create screen tells the user before charging. */
        Writer: {
            kind: components["schemas"]["WriterKind"];
            label: string;
        };
        /** @enum {string} */
        WriterKind: "local_model" | "remote_model" | "offline_draft";
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    balance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The caller's own id */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `user_id` is not the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    search: {
        parameters: {
            query?: {
                /** @description Words to rank by (at most 200 characters) */
                q?: string;
                /** @description Keep one kind */
                type?: "course" | "lesson" | "solution";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                /** @description The caller's own id */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's courses and videos */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResults"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `user_id` is not the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A query value is out of range */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    checkout_session: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The checkout session's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSessionStatus"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such session of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    course: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The course's id, or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course and its lessons */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CourseDetail"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such course of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    export_scorm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The course's id, or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SCORM 1.2 package */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such course of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No lesson has a finished video yet */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_checkout_session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCheckoutRequest"];
            };
        };
        responses: {
            /** @description The session and its payment page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateCheckoutResponse"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `user_id` is not the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description An unknown package or a return address elsewhere */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The payment provider failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    packages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The packages, keyed by id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Packages"];
                };
            };
        };
    };
    generate_all_lesson_videos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateAll"];
            };
        };
        responses: {
            /** @description Every lesson already had its job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchStarted"];
                };
            };
            /** @description At least one job was created */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchStarted"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such course of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A field is missing, or an index names no lesson */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests or unfinished jobs, or the hour's free previews used; `Retry-After` says when to ask again */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The job queue is unavailable; nothing was charged */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The queue is full, so free previews wait; `Retry-After` says when to ask again */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    generate_course: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateCourse"];
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Started"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not enough credits */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `user_id` is not the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The goal is missing, too short or too long, or `source_ids` names a source that is not the caller's or documents too short for a course */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests or unfinished jobs, or the hour's free previews used; `Retry-After` says when to ask again */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The job queue is unavailable; nothing was charged */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The queue is full, so free previews wait; `Retry-After` says when to ask again */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    generate_lesson_video: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateLesson"];
            };
        };
        responses: {
            /** @description The lesson already has this job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LessonStarted"];
                };
            };
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LessonStarted"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such course of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A field is missing, or the lesson does not exist */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests or unfinished jobs, or the hour's free previews used; `Retry-After` says when to ask again */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The job queue is unavailable; nothing was charged */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The queue is full, so free previews wait; `Retry-After` says when to ask again */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancel_job: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled: the job as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobStatus"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such job of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The job is already finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    job_status: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobStatus"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such job of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_jobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobList"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_course: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The course's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such course of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_course: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The course's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ItemChanges"];
            };
        };
        responses: {
            /** @description The course as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CourseItem"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such course of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Nothing to change, or a bad title */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_video: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id, or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The video */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoItem"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such video of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_video: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id, or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such video of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_video: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id, or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ItemChanges"];
            };
        };
        responses: {
            /** @description The video as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoItem"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such video of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Nothing to change, or a bad title */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Not signed in, or the account no longer exists */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    chapters: {
        parameters: {
            query?: {
                /** @description A media token bound to the job (part of the URLs the API hands out). */
                t?: string;
                /** @description Subtitles only: `vtt` (the default) or `srt`. */
                format?: string;
                /** @description The video only: present to download it as a file. */
                download?: string;
            };
            header?: never;
            path: {
                /** @description The job's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chapters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/vtt": string;
                };
            };
            /** @description No such video the caller may see, or not ready */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    course_thumbnail: {
        parameters: {
            query?: {
                /** @description A media token bound to the job (part of the URLs the API hands out). */
                t?: string;
                /** @description Subtitles only: `vtt` (the default) or `srt`. */
                format?: string;
                /** @description The video only: present to download it as a file. */
                download?: string;
            };
            header?: never;
            path: {
                /** @description The course's or video's id, or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cover or thumbnail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                };
            };
            /** @description No such item the caller may see (another user's private item answers as an unknown id does) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    study_sheet: {
        parameters: {
            query?: {
                /** @description A media token bound to the job (part of the URLs the API hands out). */
                t?: string;
                /** @description Subtitles only: `vtt` (the default) or `srt`. */
                format?: string;
                /** @description The video only: present to download it as a file. */
                download?: string;
            };
            header?: never;
            path: {
                /** @description The job's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The study sheet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description No such video the caller may see, or not ready */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    subtitles: {
        parameters: {
            query?: {
                /** @description A media token bound to the job (part of the URLs the API hands out). */
                t?: string;
                /** @description Subtitles only: `vtt` (the default) or `srt`. */
                format?: string;
                /** @description The video only: present to download it as a file. */
                download?: string;
            };
            header?: never;
            path: {
                /** @description The job's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subtitles */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/vtt": string;
                    "application/x-subrip": string;
                };
            };
            /** @description No such video the caller may see, or not ready */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description An unknown format */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    thumbnail: {
        parameters: {
            query?: {
                /** @description A media token bound to the job (part of the URLs the API hands out). */
                t?: string;
                /** @description Subtitles only: `vtt` (the default) or `srt`. */
                format?: string;
                /** @description The video only: present to download it as a file. */
                download?: string;
            };
            header?: never;
            path: {
                /** @description The job's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thumbnail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description No such video the caller may see, or not ready */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    transcript: {
        parameters: {
            query?: {
                /** @description A media token bound to the job (part of the URLs the API hands out). */
                t?: string;
                /** @description Subtitles only: `vtt` (the default) or `srt`. */
                format?: string;
                /** @description The video only: present to download it as a file. */
                download?: string;
            };
            header?: never;
            path: {
                /** @description The job's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transcript */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transcript"];
                };
            };
            /** @description No such video the caller may see, or not ready */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    openapi_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    read_problem: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReadProblem"];
            };
        };
        responses: {
            /** @description The reading */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemReading"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `problem_text` is missing or too long */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many readings this minute */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The language model that reads words did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    public_course: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The course's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course and its finished lessons */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicCourse"];
                };
            };
            /** @description No such published course */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    explore_courses: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of published courses */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Courses"];
                };
            };
            /** @description A query value is out of range */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    explore_videos: {
        parameters: {
            query?: {
                /** @description `lesson` or `solution` keeps one kind */
                type?: "course" | "lesson" | "solution";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of published videos */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Videos"];
                };
            };
            /** @description A query value is out of range */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    public_video: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The video and its media */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicVideo"];
                };
            };
            /** @description No such published video */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_sources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's documents */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceList"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    add_sources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PastedSource"];
                "multipart/form-data": components["schemas"]["UploadForm"];
            };
        };
        responses: {
            /** @description The documents added, in the order given */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddedSources"];
                };
            };
            /** @description The form data is cut short or malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's storage quota for sources is reached; nothing was stored */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A file, the request or a document's text is over its limit (the answer names it) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A file is of a type Lectern does not read, or the body is neither form data nor JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A document could not be read (a scan without text, an encrypted or damaged file, no text at all), or a field is missing */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_source: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The source's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document and its passages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceDetail"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such source of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_source: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The source's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such source of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    preview_frame: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PreviewFrame"];
            };
        };
        responses: {
            /** @description The slide */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": number[];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The scene, or the storyboard around it, is invalid; `loc` names the field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    stripe_webhook: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix>,v1=<hex HMAC-SHA256>` */
                "stripe-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A Stripe event, signed */
        requestBody: {
            content: {
                "application/json": string;
            };
        };
        responses: {
            /** @description Acknowledged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Received"];
                };
            };
            /** @description Unsigned, badly signed, stale or unreadable */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not applied; Stripe delivers it again */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    video_functions_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Capabilities */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Capabilities"];
                };
            };
        };
    };
    generate_video: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateVideo"];
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Started"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not enough credits */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `user_id` is not the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A field is missing or out of range, the storyboard is invalid (`loc` names the scene and field), or `source_ids` names a source that is not the caller's */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests or unfinished jobs, or the hour's free previews used; `Retry-After` says when to ask again */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The job queue is unavailable; nothing was charged */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The queue is full, so free previews wait; `Retry-After` says when to ask again */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    generate_solution: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateSolution"];
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Started"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not enough credits */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `user_id` is not the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A field is missing or out of range, or the problem cannot be read or solved here */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests or unfinished jobs, or the hour's free previews used; `Retry-After` says when to ask again */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The job queue is unavailable, or the language model that reads words did not answer; nothing was charged */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The queue is full, so free previews wait; `Retry-After` says when to ask again */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    video: {
        parameters: {
            query?: {
                /** @description A media token bound to the job (part of the URLs the API hands out). */
                t?: string;
                /** @description Subtitles only: `vtt` (the default) or `srt`. */
                format?: string;
                /** @description The video only: present to download it as a file. */
                download?: string;
            };
            header?: never;
            path: {
                /** @description The job's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The video */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The requested range */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description No such video the caller may see, or not ready */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The range is outside the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    video_progress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id, or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoProgress"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such video of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    report_progress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id, or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProgressReport"];
            };
        };
        responses: {
            /** @description The progress as it now stands */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoProgress"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such video of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A field is out of range */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_revisions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id or the id of the job that made it */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revisions"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such video of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_revision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id or the id of the job that made it */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewRevision"];
            };
        };
        responses: {
            /** @description A dry run: what the edit would change and cost */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionStarted"];
                };
            };
            /** @description The edit is queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionStarted"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not enough credits */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such video of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than 2 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The storyboard is invalid (`loc` names the scene and field), or changes nothing */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests or unfinished jobs, or the hour's free previews used; `Retry-After` says when to ask again */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The job queue is unavailable; nothing was charged */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The queue is full, so free previews wait; `Retry-After` says when to ask again */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    restore_revision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id or the id of a job that made one of its versions */
                id: string;
                /** @description The version's number */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The video, now showing that version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoItem"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such video of the caller's, or no such version */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_storyboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The video's id, or its job's */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The storyboard */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Storyboard"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such video of the caller's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    callback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Popup mode, signed in: the result page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect mode: back to `return_to` */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A refused or failed sign-in: the result page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    start: {
        parameters: {
            query?: {
                /** @description `popup` (the result page posts to its opener) or `redirect` (the default). */
                mode?: string;
                /** @description A path on this site to come back to; default `/`. */
                return_to?: string;
                /** @description An email to suggest to the identity provider. */
                login_hint?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider, with the sign-in state cookie set */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Popup mode, provider unreachable: the result page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A bad mode or return_to */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many sign-in attempts from this address; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again (the `detail` says it in words) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A missing or foreign Origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    refresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new access token and the user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshResponse"];
                };
            };
            /** @description Not signed in (the cookie is cleared) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A missing or foreign Origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    debug: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Version and engines */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DebugInfo"];
                };
            };
            /** @description Not on loopback, and no valid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Both answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description One of them does not (the process keeps running and says so) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Prometheus text format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Not on loopback, and no valid operator token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
