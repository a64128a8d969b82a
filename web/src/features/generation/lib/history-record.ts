import type { VideoRequest } from '@/features/generation/api/generate-video';
import { levelLabel } from '@/features/generation/lib/video-request';

export type Subject = 'Mathematics' | 'Programming' | 'Science' | 'Business' | 'General';

const subjectKeywords: [Subject, RegExp][] = [
  ['Mathematics', /\b(math|maths|mathematics|algebra|calculus|geometry|statistics|probability|equation|theorem|matrix|matrices|integral|derivative|trigonometry|arithmetic)/i],
  ['Programming', /\b(programming|code|coding|python|javascript|typescript|rust|java|algorithm|software|react|sql|database|api|function|recursion|compiler)/i],
  ['Science', /\b(physics|chemistry|biology|science|atom|molecule|cell|evolution|quantum|energy|gravity|photosynthesis|dna|ecology|astronomy)/i],
  ['Business', /\b(business|marketing|finance|economics|accounting|management|startup|sales|investment|strategy|entrepreneur)/i],
];

/** SPEC 3: the subject is guessed from keywords in the topic. */
export function guessSubject(topic: string): Subject {
  for (const [subject, pattern] of subjectKeywords) if (pattern.test(topic)) return subject;
  return 'General';
}

const titlePrefix: Record<number, string> = {
  1: "Beginner's Guide to",
  2: 'Intermediate Guide to',
  3: 'Advanced Guide to',
};

/** SPEC 3: a video title is prefixed by level. */
export function videoTitle(topic: string, level: number): string {
  return `${titlePrefix[level] ?? titlePrefix[2]} ${topic.trim()}`;
}

export type VideoHistoryRecord = {
  user_id: string;
  job_id: string;
  title: string;
  original_title: string;
  topic: string;
  prompt: string;
  level: number;
  difficulty: string;
  duration: string;
  duration_minutes: number;
  subtitle_style: 'modern' | null;
  wpm: number;
  dry_run: boolean;
  description: string;
  video_type: 'educational';
  tags: string[];
  generated_content: { description: string; duration_minutes: number; topic: string; level: number; status: string };
  status: string;
  credits_used: number;
  created_at: string;
  content_metadata: {
    subject: string;
    detail_level: number;
    duration_minutes: number;
    has_audio: boolean;
    generation_method: string;
  };
};

/** SPEC 3's video history record, saved when a queued video completes. */
export function buildVideoHistoryRecord(
  request: VideoRequest,
  job: { jobId: string; smartTitle?: string | null; createdAt: string; credits: number },
): VideoHistoryRecord {
  const topic = request.topic.trim();
  const subject = guessSubject(topic);
  const difficulty = levelLabel(request.level).toLowerCase();
  const title = job.smartTitle?.trim() || videoTitle(topic, request.level);
  const description = `A ${request.duration}-minute ${difficulty} explainer video about ${topic}.`;
  return {
    user_id: request.user_id,
    job_id: job.jobId,
    title,
    original_title: topic,
    topic,
    prompt: topic,
    level: request.level,
    difficulty,
    duration: `${request.duration}:00`,
    duration_minutes: request.duration,
    subtitle_style: request.subtitle_style,
    wpm: request.wpm,
    dry_run: false,
    description,
    video_type: 'educational',
    tags: ['educational', subject.toLowerCase(), `level-${request.level}`],
    generated_content: { description, duration_minutes: request.duration, topic, level: request.level, status: 'completed' },
    status: 'completed',
    credits_used: job.credits,
    created_at: job.createdAt,
    content_metadata: {
      subject,
      detail_level: request.level,
      duration_minutes: request.duration,
      has_audio: true,
      generation_method: 'ai-video-generation',
    },
  };
}
