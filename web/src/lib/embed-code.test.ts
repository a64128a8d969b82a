import { describe, expect, it } from 'vitest';
import { embedCode, embedUrl } from '@/lib/embed-code';

describe('embed code', () => {
  it('frames the video player at 640 by 360', () => {
    expect(embedCode('https://lectern.example', 'video', 'job-1', 'Photosynthesis')).toBe(
      '<iframe src="https://lectern.example/embed/video/job-1" title="Photosynthesis – Lectern" width="640" height="360" style="border:0" allow="fullscreen" allowfullscreen></iframe>',
    );
  });

  it('frames a course taller, for its lessons', () => {
    expect(embedCode('https://lectern.example', 'course', 'c 1', 'Stars')).toContain('src="https://lectern.example/embed/course/c%201" title="Stars – Lectern" width="640" height="560"');
    expect(embedUrl('http://localhost:8765', 'course', 'c1')).toBe('http://localhost:8765/embed/course/c1');
  });

  it('escapes the title inside its attribute', () => {
    expect(embedCode('https://l.example', 'video', 'v', 'Say "hi" & <b>')).toContain('title="Say &quot;hi&quot; &amp; &lt;b&gt; – Lectern"');
  });
});
