// Runs the opencode-agent-skills plugin's own discovery and prints JSON on stdout.
//
// Started by conformance/drivers/opencode_agent_skills.py as
//   BUN_BE_BUN=1 <opencode binary> run oas_runner.ts <checkout> <directory>
// with HOME set to the case's home. <checkout> is a checkout of
// joshuadavidthomas/opencode-agent-skills (with its pinned `yaml` and `zod` installed);
// <directory> is what OpenCode passes the plugin as `directory` (its working directory).
// Nothing here re-implements the plugin: it calls discoverAllSkills() and injectSkillsList()
// from the checkout, the latter with a stand-in client that records the synthetic message.
import * as path from "node:path";

const [checkout, directory] = process.argv.slice(2);
if (!checkout || !directory) {
  console.error("usage: oas_runner.ts <checkout> <directory>");
  process.exit(2);
}
const skills = await import(path.join(checkout, "src", "skills.ts"));

const found: Map<string, { name: string; description: string; path: string; label: string }> =
  await skills.discoverAllSkills(directory);

const messages: string[] = [];
const client = {
  session: {
    prompt: async (request: { body: { parts: { text: string }[] } }) => {
      for (const part of request.body.parts) messages.push(part.text);
      return {};
    },
  },
};
await skills.injectSkillsList(directory, client, "conformance", undefined);

console.log(JSON.stringify({
  skills: Array.from(found.values()).map((s) => ({
    name: s.name,
    description: s.description,
    dir: s.path,
    label: s.label,
  })),
  messages,
}));
