// Ask the installed OpenClaw package what it discovers, through its own functions (ours, not
// copied from OpenClaw): argv[2] is the package's dist folder. Prints one JSON object.
//
// The functions are found by name in the package's hashed dist modules (the export letters
// change from build to build, the function names do not):
//   io.runtime-*.mjs            getRuntimeConfig        the config `openclaw` itself loads
//   agent-scope-*.mjs           resolveAgentIdByWorkspacePath   the cwd-inferred agent
//   agent-scope-config-*.mjs    resolveDefaultAgentId, resolveAgentWorkspaceDir
//   workspace-skill-loader-*.mjs resolveWorkspaceSkillPromptEntries  eligible skill entries
//   workspace-skill-prompt-*.mjs buildSkillSnapshot     the skills prompt the model gets
// This is what `openclaw skills list` (skills-cli) and the embedded agent run do.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dist = process.argv[2];

async function named(prefix, name) {
  const files = readdirSync(dist)
    .filter((f) => f.startsWith(`${prefix}-`) && /^[A-Za-z0-9_-]{8}\.mjs$/.test(f.slice(prefix.length + 1)))
    .sort();
  for (const file of files) {
    const module = await import(pathToFileURL(path.join(dist, file)).href);
    for (const value of Object.values(module)) {
      if (typeof value === "function" && value.name === name) return value;
    }
  }
  throw new Error(`no function ${name} in ${prefix}-*.mjs`);
}

const getRuntimeConfig = await named("io.runtime", "getRuntimeConfig");
const resolveAgentIdByWorkspacePath = await named("agent-scope", "resolveAgentIdByWorkspacePath");
const resolveDefaultAgentId = await named("agent-scope-config", "resolveDefaultAgentId");
const resolveAgentWorkspaceDir = await named("agent-scope-config", "resolveAgentWorkspaceDir");
const resolveEntries = await named("workspace-skill-loader", "resolveWorkspaceSkillPromptEntries");
const buildSkillSnapshot = await named("workspace-skill-prompt", "buildSkillSnapshot");

const config = getRuntimeConfig({ skipPluginValidation: true });
const agentId = resolveAgentIdByWorkspacePath(config, process.cwd())
  ?? resolveDefaultAgentId(config, { surface: "the skills command", hint: "Pass --agent <id>." });
const workspaceDir = resolveAgentWorkspaceDir(config, agentId);
const { eligible } = await resolveEntries(workspaceDir, { config, agentId });
const snapshot = await buildSkillSnapshot(workspaceDir, { config, agentId });
process.stdout.write(JSON.stringify({
  agentId,
  workspaceDir,
  prompt: snapshot.prompt,
  eligible: eligible.map((entry) => ({
    name: entry.skill.name,
    filePath: entry.skill.filePath,
    source: entry.skill.source,
  })),
}));
