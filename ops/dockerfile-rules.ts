import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { LIVENESS_PATH, PROCESS_COMMANDS } from './process-commands.js';

/** An exact version (`20.19.5`, optionally with a variant such as `-bookworm-slim`) or a digest. */
const PINNED_IMAGE = /^[^:@\s]+(:\d+\.\d+\.\d+[\w.-]*|@sha256:[0-9a-f]{64})$/;
const ROOT_USERS = new Set(['root', '0', '0:0', 'root:root']);

/**
 * The rules the production image keeps, checked on the Dockerfile's syntax tree since no
 * container engine (nor hadolint) runs here. Answers one sentence per broken rule.
 */
export function dockerfileProblems(text: string): string[] {
  const dockerfile = DockerfileParser.parse(text);
  const problems: string[] = [];
  const froms = dockerfile.getFROMs();
  if (froms.length < 2) problems.push('the build is not multi-stage');
  for (const from of froms) {
    const image = from.getImage() ?? '';
    const isEarlierStage = froms.some((other) => other.getBuildStage() === image);
    if (!isEarlierStage && !PINNED_IMAGE.test(image)) {
      problems.push(`base image ${image} is not pinned to an exact version`);
    }
  }
  const instructions = dockerfile.getInstructions();
  const lastFrom = froms.at(-1);
  const finalStage = lastFrom ? dockerfile.getContainingImage(lastFrom.getRange().start) : null;
  const users = (finalStage?.getInstructions() ?? []).filter(
    (instruction) => instruction.getKeyword() === 'USER',
  );
  const lastUser = users.at(-1)?.getArgumentsContent()?.trim();
  if (!lastUser || ROOT_USERS.has(lastUser)) problems.push('the final stage runs as root');

  const healthcheck = dockerfile.getHEALTHCHECKs().at(-1);
  if (!healthcheck?.getArgumentsContent()?.includes(LIVENESS_PATH)) {
    problems.push(`no HEALTHCHECK asks ${LIVENESS_PATH}`);
  }
  const cmd = dockerfile.getCMDs().at(-1);
  if (!cmd || JSON.stringify(execForm(cmd)) !== JSON.stringify(PROCESS_COMMANDS.api)) {
    problems.push(`CMD is not ${JSON.stringify(PROCESS_COMMANDS.api)} in exec form`);
  }
  const runs = instructions
    .filter((instruction) => instruction.getKeyword() === 'RUN')
    .map((instruction) => instruction.getArgumentsContent() ?? '');
  if (!runs.some((run) => /\bnpm ci\b/.test(run)))
    problems.push('dependencies are not installed with npm ci');
  if (runs.some((run) => /\bnpm install\b/.test(run)))
    problems.push('npm install is used (npm ci keeps the lock file)');
  if (runs.some((run) => /apt-get install/.test(run) && !/--no-install-recommends/.test(run))) {
    problems.push('apt-get install without --no-install-recommends');
  }
  if (
    runs.some((run) => /apt-get install/.test(run) && !/rm -rf \/var\/lib\/apt\/lists/.test(run))
  ) {
    problems.push('apt lists are left in the image');
  }
  return problems;
}

/** A JSON-form CMD's words; undefined for the shell form. */
function execForm(instruction: Instruction): string[] | undefined {
  const content = instruction.getArgumentsContent()?.trim() ?? '';
  if (!content.startsWith('[')) return undefined;
  try {
    return JSON.parse(content) as string[];
  } catch {
    return undefined;
  }
}
