import type { IconName } from '@/components/ui/icon';

export type Card = { icon: IconName; title: string; text: string };

export const features: Card[] = [
  {
    icon: 'video',
    title: 'Explainer videos',
    text: 'Type a topic, pick a level and a length. Get a narrated video with clear visuals, captions and chapters.',
  },
  {
    icon: 'sigma',
    title: 'Step-by-step solutions',
    text: 'Paste a homework problem and watch it solved one step at a time, with the maths checked before it is narrated.',
  },
  {
    icon: 'layers',
    title: 'Complete courses',
    text: 'Describe a goal and what you already know. Lectern plans the lessons, then renders a video for each one.',
  },
  {
    icon: 'captions',
    title: 'Captions, chapters, transcript',
    text: 'Every video ships with subtitles, a chapter per scene and a transcript you can click to jump to any moment.',
  },
  {
    icon: 'library',
    title: 'Your own library',
    text: 'Courses, lessons and solutions kept together and searchable, ready whenever you want to revisit them.',
  },
  {
    icon: 'wallet',
    title: 'Pay as you learn',
    text: 'Credits, not subscriptions. One credit makes a video, and you only top up when you need more.',
  },
];

export const audiences: Card[] = [
  {
    icon: 'graduation-cap',
    title: 'Students',
    text: 'Catch up on a lecture the night before the exam, or see every step of the problem you are stuck on.',
  },
  {
    icon: 'presentation',
    title: 'Teachers',
    text: 'Prepare flipped-classroom videos and worked examples for your class in minutes instead of evenings.',
  },
  {
    icon: 'briefcase',
    title: 'Professionals',
    text: 'Learn a new tool, method or domain in short focused lessons that fit between meetings.',
  },
  {
    icon: 'mic',
    title: 'Content creators',
    text: 'Draft narrated explainers for your channel or course platform, captions and thumbnails included.',
  },
];

/**
 * SPEC's testimonials section, made honest (issue 19): no invented people or ratings, but
 * clearly labelled example use cases, each saying what Lectern really makes for it.
 */
export type Testimonial = { situation: string; request: string; result: string; icon: IconName };

export const testimonials: Testimonial[] = [
  {
    situation: 'A student checking homework',
    request: 'Solve 3x − 4 = 11',
    result:
      'A solution video that works each step on its own slide, marks the steps a computation checked, and boxes the answer under the video.',
    icon: 'sigma',
  },
  {
    situation: 'A teacher preparing a class',
    request: 'Photosynthesis, beginner, 3 minutes',
    result:
      'A narrated lesson with typeset slides, subtitles, chapters and a transcript, ready to share from the library or Explore.',
    icon: 'presentation',
  },
  {
    situation: 'A professional learning a new skill',
    request: 'Learn SQL window functions, knowing basic SELECT queries',
    result: 'A course outline with lessons in order, each with objectives and key terms, and a video for every lesson.',
    icon: 'layers',
  },
];

export const steps: Card[] = [
  { icon: 'sparkles', title: 'Describe it', text: 'A topic, a problem or a course goal, in your own words.' },
  { icon: 'clock', title: 'Lectern builds it', text: 'Script, narration, visuals and captions, rendered in minutes.' },
  { icon: 'play', title: 'Watch and learn', text: 'Stream it, download it, and keep it in your library.' },
];
