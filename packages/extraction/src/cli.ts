import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromFile } from './extract-file.js';
import type { ExtractionResult, LlmOptions } from './types.js';

const USAGE = 'uso: npm run extract -- [--format corpus|full] <arquivo-ou-diretório> [--out DIR]';
const SUPPORTED = new Set(['.txt', '.eml', '.pdf', '.xlsx', '.xls', '.csv']);

interface Arguments {
  format: 'corpus' | 'full';
  input: string;
  out: string | null;
}

function parseArguments(argv: string[]): Arguments | null {
  let format: Arguments['format'] = 'full';
  let out: string | null = null;
  let input: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--format') {
      const value = argv[++i];
      if (value !== 'corpus' && value !== 'full') return null;
      format = value;
    } else if (arg === '--out') {
      out = argv[++i] ?? null;
      if (out === null) return null;
    } else if (arg?.startsWith('--format=')) {
      const value = arg.slice('--format='.length);
      if (value !== 'corpus' && value !== 'full') return null;
      format = value;
    } else if (arg !== undefined && input === null) input = arg;
    else return null;
  }
  return input === null ? null : { format, input, out };
}

/** The only place the package reads the environment: the optional model's configuration. */
function llmFromEnvironment(): LlmOptions | undefined {
  const baseUrl = process.env.LLM_BASE_URL;
  if (baseUrl === undefined || baseUrl === '') return undefined;
  const timeout = Number(process.env.LLM_TIMEOUT_MS);
  return {
    baseUrl,
    ...(process.env.LLM_MODEL ? { model: process.env.LLM_MODEL } : {}),
    ...(process.env.LLM_API_KEY ? { apiKey: process.env.LLM_API_KEY } : {}),
    ...(Number.isFinite(timeout) && timeout > 0 ? { timeoutMs: timeout } : {}),
  };
}

function render(result: ExtractionResult, format: Arguments['format']): string {
  return `${JSON.stringify(format === 'corpus' ? toCorpusFormat(result) : result, null, 2)}\n`;
}

async function main(): Promise<number> {
  const args = parseArguments(process.argv.slice(2));
  if (args === null) {
    console.error(USAGE);
    return 2;
  }
  const base = process.env.INIT_CWD ?? process.cwd();
  const input = resolve(base, args.input);
  const llm = llmFromEnvironment();
  const options = llm === undefined ? {} : { llm };
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(input);
  } catch {
    console.error(`não encontrado: ${input}`);
    return 1;
  }
  if (stats.isFile()) {
    const result = await extractFromFile(readFileSync(input), basename(input), options);
    process.stdout.write(render(result, args.format));
    return 0;
  }
  if (args.out === null) {
    console.error(`${USAGE}\n--out é obrigatório quando a entrada é um diretório`);
    return 2;
  }
  const out = resolve(base, args.out);
  mkdirSync(out, { recursive: true });
  const files = readdirSync(input)
    .filter((f) => SUPPORTED.has(extname(f).toLowerCase()))
    .sort();
  for (const file of files) {
    const result = await extractFromFile(readFileSync(join(input, file)), file, options);
    const target = join(out, `${basename(file, extname(file))}.json`);
    writeFileSync(target, render(result, args.format));
    console.error(`${file} -> ${target} (confiança ${result.final.confidence_overall.toFixed(2)})`);
  }
  console.error(`${files.length} arquivo(s) processado(s)`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
