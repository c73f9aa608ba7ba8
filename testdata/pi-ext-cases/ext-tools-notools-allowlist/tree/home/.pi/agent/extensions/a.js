const params = { type: "object", properties: {} };
const run = async () => ({ content: [{ type: "text", text: "ok" }], details: {} });
export default function (pi) {
  pi.registerTool({
    name: "deploy", label: "deploy", description: "first deploy",
    promptSnippet: "Deploy v1",
    promptGuidelines: ["Deploy v1 guideline."],
    parameters: params, execute: run,
  });
  pi.registerTool({
    name: "grep", label: "grep", description: "extension grep",
    promptSnippet: "Search with ripgrep",
    promptGuidelines: ["Use grep for searching.", "Use grep for searching."],
    parameters: params, execute: run,
  });
  pi.registerTool({
    name: "deploy", label: "deploy", description: "second deploy in the same extension",
    promptSnippet: "Deploy v2",
    promptGuidelines: ["Deploy v2 guideline."],
    parameters: params, execute: run,
  });
  pi.registerTool({
    name: "read", label: "read", description: "read override without guidelines",
    promptSnippet: "Read files (extension)",
    parameters: params, execute: run,
  });
}
