// Generated from api/src/limits.rs by `just openapi`; do not edit. A test in
// api/tests/api/openapi.rs fails when this file differs from what Rust writes.

/** What the API checks requests against: ranges, lengths and credit costs. */
export const limits = {
  "credits": {
    "signupBonus": 10,
    "video": 1,
    "longVideo": 2,
    "longVideoMinutes": 10,
    "problem": 1,
    "course": 3,
    "lessonVideo": 0,
    "revision": 1,
    "freeRevisionScenes": 3,
    "freePreviewsPerHour": 30
  },
  "level": {
    "min": 1,
    "max": 3,
    "default": 2
  },
  "video": {
    "minutes": {
      "min": 1,
      "max": 15,
      "default": 5
    },
    "wordsPerMinute": {
      "min": 80,
      "max": 250,
      "default": 150
    },
    "topicMaxChars": 500,
    "maxSources": 10
  },
  "problem": {
    "minutes": {
      "min": 1,
      "max": 10,
      "default": 3
    },
    "detailLevel": {
      "min": 1,
      "max": 3,
      "default": 2
    },
    "textMaxChars": 2000,
    "labelMaxChars": 60,
    "exerciseNames": [
      "exercise",
      "problem",
      "question",
      "task",
      "q",
      "no",
      "number"
    ],
    "exerciseAroundWords": [
      "solve",
      "do",
      "answer",
      "please",
      "from",
      "of",
      "in",
      "on",
      "my",
      "the",
      "this",
      "worksheet",
      "sheet",
      "document",
      "handout"
    ]
  },
  "course": {
    "detailLevel": {
      "min": 1,
      "max": 3,
      "default": 2
    },
    "goalMinChars": 3,
    "goalMaxChars": 500,
    "backgroundMaxChars": 1000
  },
  "library": {
    "titleMaxChars": 200,
    "queryMaxChars": 200,
    "pageSize": {
      "min": 1,
      "max": 100,
      "default": 50
    }
  }
} as const;

export type Limits = typeof limits;
