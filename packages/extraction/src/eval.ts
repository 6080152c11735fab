import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CorpusRecord, toCorpusFormat } from './corpus-format.js';
import { extractFromText } from './extract-text.js';
import { type CaseScore, scoreCase } from './scoring/score.js';

export interface CorpusEvaluation {
  cases: Array<{ id: string; score: CaseScore }>;
  overall: number;
  minimum: number;
}

/** Runs the engine on every NNN.txt of a corpus directory that has an NNN.json and scores it. */
export function evaluateCorpus(directory: string): CorpusEvaluation {
  const files = new Set(readdirSync(directory));
  const ids = [...files]
    .filter((f) => f.endsWith('.txt') && files.has(f.replace(/\.txt$/, '.json')))
    .map((f) => f.replace(/\.txt$/, ''))
    .sort();
  const cases = ids.map((id) => {
    const truth = JSON.parse(readFileSync(resolve(directory, `${id}.json`), 'utf8')) as CorpusRecord;
    const predicted = toCorpusFormat(extractFromText(readFileSync(resolve(directory, `${id}.txt`), 'utf8')));
    return { id, score: scoreCase(predicted, truth) };
  });
  const mean = (pick: (s: CaseScore) => number) =>
    cases.reduce((s, c) => s + pick(c.score), 0) / Math.max(1, cases.length);
  const overall = (mean((s) => s.scalar) + mean((s) => s.frete) + mean((s) => s.taxas)) / 3;
  const minimum = Math.min(...cases.map((c) => c.score.overall));
  return { cases, overall, minimum };
}

function main(): void {
  const argument = process.argv[2];
  if (argument === undefined) {
    console.error('uso: npm run eval:extraction -- <diretório-do-corpus>');
    process.exit(2);
  }
  const directory = resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  const evaluation = evaluateCorpus(directory);
  for (const { id, score } of evaluation.cases) {
    const misses = score.mismatches.length === 0 ? '' : `  misses: ${score.mismatches.join(', ')}`;
    console.log(
      `${id}  scalar ${score.scalar.toFixed(3)}  frete ${score.frete.toFixed(3)}  taxas ${score.taxas.toFixed(3)}  overall ${score.overall.toFixed(3)}${misses}`,
    );
  }
  console.log(`minimum: ${evaluation.minimum.toFixed(3)}`);
  console.log(`overall: ${evaluation.overall.toFixed(3)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
