import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CorpusRecord, toCorpusFormat } from './corpus-format.js';
import { extractFromText } from './extract-text.js';
import {
  accuracyAtOrAbove,
  calibrationTable,
  checkValues,
  reliabilityTable,
  type ValueCheck,
} from './scoring/calibration.js';
import { evaluateLearning, learningPairs } from './scoring/learning.js';
import { type CaseScore, SCALAR_FIELDS, scoreCase } from './scoring/score.js';

export interface CorpusEvaluation {
  cases: Array<{ id: string; score: CaseScore; checks: ValueCheck[] }>;
  overall: number;
  minimum: number;
  /** Mean of each component over the cases. */
  components: { scalar: number; frete: number; taxas: number };
  /** Per scored field: share of cases where a scalar field matches; mean F1 for `frete` and `taxas`. */
  fields: Array<{ field: string; score: number }>;
  /** Overall per class when the directory has a classes.json ({ "<case id>": "<class>" }). */
  classes: Array<{ name: string; cases: number; overall: number }>;
  checks: ValueCheck[];
}

type Scored = { score: CaseScore };

function meanOverall(cases: Scored[]): { overall: number; scalar: number; frete: number; taxas: number } {
  const mean = (pick: (s: CaseScore) => number) =>
    cases.reduce((s, c) => s + pick(c.score), 0) / Math.max(1, cases.length);
  const scalar = mean((s) => s.scalar);
  const frete = mean((s) => s.frete);
  const taxas = mean((s) => s.taxas);
  return { overall: (scalar + frete + taxas) / 3, scalar, frete, taxas };
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
    const result = extractFromText(readFileSync(resolve(directory, `${id}.txt`), 'utf8'));
    return { id, score: scoreCase(toCorpusFormat(result), truth), checks: checkValues(result, truth) };
  });
  const { overall, scalar, frete, taxas } = meanOverall(cases);
  const minimum = Math.min(...cases.map((c) => c.score.overall));
  const classFile = resolve(directory, 'classes.json');
  const classOf: Record<string, string> = existsSync(classFile)
    ? (JSON.parse(readFileSync(classFile, 'utf8')) as Record<string, string>)
    : {};
  const names = [...new Set(cases.map((c) => classOf[c.id]).filter((n): n is string => n !== undefined))];
  const classes = names.map((name) => {
    const members = cases.filter((c) => classOf[c.id] === name);
    return { name, cases: members.length, overall: meanOverall(members).overall };
  });
  const fields = [
    ...SCALAR_FIELDS.map((field) => ({
      field: field as string,
      score: cases.filter((c) => !c.score.mismatches.includes(field)).length / Math.max(1, cases.length),
    })),
    { field: 'frete (F1)', score: frete },
    { field: 'taxas (F1)', score: taxas },
  ];
  return {
    cases,
    overall,
    fields,
    minimum,
    components: { scalar, frete, taxas },
    classes,
    checks: cases.flatMap((c) => c.checks),
  };
}

function printCalibration(checks: ValueCheck[]): void {
  console.log('calibration (confidence -> share of values right):');
  for (const bin of calibrationTable(checks)) {
    const accuracy = bin.accuracy === null ? '  -  ' : bin.accuracy.toFixed(3);
    const note = bin.to <= 0.5 ? '  (flagged for review)' : '';
    console.log(`  ${bin.label.padEnd(11)} n=${String(bin.count).padStart(4)}  right ${accuracy}${note}`);
  }
  const high = accuracyAtOrAbove(checks, 0.8);
  console.log(
    `  >= 0.8: n=${high.count} right ${high.accuracy === null ? '-' : high.accuracy.toFixed(3)} (target >= 0.970)`,
  );
  console.log('reliability (badge bucket -> values, share right), per field:');
  for (const row of reliabilityTable(checks)) {
    const cells = row.buckets.map(
      (b) =>
        `${b.label} ${String(b.count).padStart(4)} ${b.accuracy === null ? '  -  ' : b.accuracy.toFixed(3)}`,
    );
    console.log(`  ${row.field.padEnd(20)} ${cells.join('   ')}`);
  }
}

function main(): void {
  const argumentsGiven = process.argv.slice(2);
  if (argumentsGiven.length === 0) {
    console.error('uso: npm run eval:extraction -- <diretório-do-corpus> [outro-diretório ...]');
    process.exit(2);
  }
  const all: ValueCheck[] = [];
  for (const argument of argumentsGiven) {
    if (argumentsGiven.length > 1) console.log(`== ${argument}`);
    all.push(...report(resolve(process.env.INIT_CWD ?? process.cwd(), argument)));
  }
  if (argumentsGiven.length > 1) {
    console.log('== all directories');
    printCalibration(all);
  }
}

function report(directory: string): ValueCheck[] {
  const evaluation = evaluateCorpus(directory);
  for (const { id, score } of evaluation.cases) {
    const misses = score.mismatches.length === 0 ? '' : `  misses: ${score.mismatches.join(', ')}`;
    console.log(
      `${id}  scalar ${score.scalar.toFixed(3)}  frete ${score.frete.toFixed(3)}  taxas ${score.taxas.toFixed(3)}  overall ${score.overall.toFixed(3)}${misses}`,
    );
  }
  const { scalar, frete, taxas } = evaluation.components;
  console.log(
    `components: scalar ${scalar.toFixed(3)}  frete ${frete.toFixed(3)}  taxas ${taxas.toFixed(3)}`,
  );
  console.log(`fields: ${evaluation.fields.map((f) => `${f.field} ${f.score.toFixed(3)}`).join('  ')}`);
  for (const group of evaluation.classes)
    console.log(
      `class ${group.name.padEnd(22)} cases ${String(group.cases).padStart(3)}  overall ${group.overall.toFixed(3)}`,
    );
  printCalibration(evaluation.checks);
  console.log(`minimum: ${evaluation.minimum.toFixed(3)}`);
  console.log(`overall: ${evaluation.overall.toFixed(3)}`);
  if (learningPairs(directory).length > 0) reportLearning(directory);
  return evaluation.checks;
}

/** A directory of `<carrier>-1` / `<carrier>-2` replies: the second reply without and with the first one's hints. */
function reportLearning(directory: string): void {
  const learning = evaluateLearning(directory);
  console.log('learning from corrections (second reply of each carrier, after correcting the first):');
  for (const pair of learning.pairs) {
    console.log(
      `  ${pair.carrier.padEnd(14)} corrections ${String(pair.corrections.length).padStart(2)}  hints ${String(pair.hints.length).padStart(2)}  applied ${String(pair.applied).padStart(2)}  without ${pair.without.overall.toFixed(3)}  with ${pair.with.overall.toFixed(3)}`,
    );
    for (const hint of pair.hints)
      console.log(
        `    ${hint.tipo} ${hint.alvo} '${hint.rotulo}'${hint.valor === null ? '' : ` = ${hint.valor}`}`,
      );
  }
  console.log(
    `learning: without hints ${learning.without.toFixed(3)}  with hints ${learning.with.toFixed(3)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
