import { evaluateCorpus } from './eval.js';

for (const dir of process.argv.slice(2)) {
  const ev = evaluateCorpus(dir);
  for (const c of ev.cases)
    for (const k of c.checks) if (!k.right) console.log(c.id, k.kind, k.name, k.confidence.toFixed(2));
}
