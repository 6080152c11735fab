import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local OpenAI-compatible chat completions server (POST {base}/chat/completions), written from the public
 * contract OpenAI, Azure OpenAI, Ollama and vLLM share: a JSON body with `model`, `messages` and
 * `response_format: { type: 'json_schema', json_schema: { strict, schema } }`, a bearer key, and an answer
 * `{ choices: [{ message: { role: 'assistant', content: '<the JSON as text>' } }] }`. Errors are the
 * contract's `{ error: { message, type, code } }` with their HTTP status; 429 carries `retry-after`.
 */

export type FakeOpenAiRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    response_format?: { type?: string; json_schema?: { strict?: boolean; schema?: unknown } };
  };
};

export type FakeOpenAiServer = {
  /** Base URL to use as EXTRACTION_LLM_URL (with the /v1 prefix). */
  url: string;
  requests: FakeOpenAiRequest[];
  /**
   * answer: 200 with `content` (a JSON value, sent as text); badJson: 200 whose content is not JSON;
   * rateLimited: 429; hang: never answers.
   */
  mode: 'answer' | 'badJson' | 'rateLimited' | 'hang';
  /** What the model answers in mode 'answer'. */
  content: unknown;
  close(): Promise<void>;
};

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const state: FakeOpenAiServer = {
    url: '',
    requests: [],
    mode: 'answer',
    content: {},
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      const error = (status: number, message: string, type: string) =>
        send(status, { error: { message, type, code: null } });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions')
        return error(404, 'Unknown request URL', 'invalid_request_error');
      let body: FakeOpenAiRequest['body'];
      try {
        body = JSON.parse(raw) as FakeOpenAiRequest['body'];
      } catch {
        return error(400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      }
      state.requests.push({ path: request.url, authorization: request.headers.authorization, body });
      if (!request.headers.authorization?.startsWith('Bearer '))
        return error(401, 'You didn’t provide an API key.', 'invalid_request_error');
      if (typeof body.model !== 'string' || !Array.isArray(body.messages))
        return error(400, "Missing required parameter: 'model' or 'messages'.", 'invalid_request_error');
      if (state.mode === 'hang') return;
      if (state.mode === 'rateLimited')
        return send(
          429,
          { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
          { 'retry-after': '20' },
        );
      const content =
        state.mode === 'badJson' ? 'Claro! Aqui estão os dados: frete 2350' : JSON.stringify(state.content);
      send(200, {
        id: `chatcmpl-${state.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}
