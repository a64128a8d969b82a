// A stand-in for a remote language model on a free loopback port, speaking OpenAI's
// chat-completions wire format (POST /v1/chat/completions, not streamed): each request is
// answered with the next of the given notations as the reader's JSON, {"notation": "..."}
// (the last one repeats), and kept for the journey to look at. Give its `baseUrl` to
// `lectern serve` as LECTERN_LLM_BASE_URL.
import { createServer } from 'node:http';

/** One chat completion as OpenAI answers it, its message's content `content`. */
function completion(model, content) {
  return {
    id: `chatcmpl-standin${Date.now().toString(36)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 },
    service_tier: 'default',
  };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Resolves to { baseUrl, model, requests, close() } once listening. `requests` holds the parsed
 * body of every chat completion asked for, in order; any other path is a 404 in OpenAI's error
 * shape, and is kept in `requests` too (as { path }) so that a journey sees it.
 */
export function startModelStandIn({ notations, model = 'stand-in' }) {
  if (!notations?.length) throw new Error('the stand-in needs at least one notation to answer');
  const replies = [...notations];
  const requests = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        requests.push({ path, method: req.method });
        send(res, 404, { error: { message: `Unknown request URL: ${req.method} ${path}`, type: 'invalid_request_error', code: 'unknown_url' } });
        return;
      }
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        requests.push({ path, invalid: true });
        send(res, 400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error' } });
        return;
      }
      requests.push(body);
      const notation = replies.length > 1 ? replies.shift() : replies[0];
      send(res, 200, completion(body.model ?? model, JSON.stringify({ notation })));
    });
  });
  return new Promise((resolveStandIn, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolveStandIn({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        model,
        requests,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}
