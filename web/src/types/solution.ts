/** A finished problem's solution, as the job status reports it: each step with whether a computation checked it. */
export type SolutionStep = { before: string; after: string; rule: string; narration?: string; checked: boolean };

export type Solution = {
  problem: string;
  kind: string;
  final_answer: string;
  answer_checked: boolean;
  steps: SolutionStep[];
};
