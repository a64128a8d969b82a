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

export type Testimonial = { quote: string; name: string; role: string; initials: string };

export const testimonials: Testimonial[] = [
  {
    quote: 'I pasted the integral I had been staring at for an hour. Four minutes later I understood substitution.',
    name: 'Maya R.',
    role: 'High-school student',
    initials: 'MR',
  },
  {
    quote: 'My students watch the worked examples before class, so our time together goes to the hard questions.',
    name: 'Daniel K.',
    role: 'Physics teacher',
    initials: 'DK',
  },
  {
    quote: 'A five-lesson course on SQL window functions, at exactly my level. Better than any playlist I found.',
    name: 'Priya S.',
    role: 'Data analyst',
    initials: 'PS',
  },
];

export const steps: Card[] = [
  { icon: 'sparkles', title: 'Describe it', text: 'A topic, a problem or a course goal, in your own words.' },
  { icon: 'clock', title: 'Lectern builds it', text: 'Script, narration, visuals and captions, rendered in minutes.' },
  { icon: 'play', title: 'Watch and learn', text: 'Stream it, download it, and keep it in your library.' },
];
