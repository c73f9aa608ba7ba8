const params = { type: "object", properties: {} };
const run = async () => ({ content: [{ type: "text", text: "ok" }], details: {} });
export default function (pi) {
  pi.registerTool({
    name: "deploy", label: "deploy", description: "deploy from b (loses)",
    promptSnippet: "Deploy from b",
    promptGuidelines: ["Deploy b guideline."],
    parameters: params, execute: run,
  });
  pi.registerTool({
    name: "lint", label: "lint", description: "lint",
    promptSnippet: "Lint the code",
    promptGuidelines: ["Show file paths clearly when working with files", "Use grep for searching.", "Run lint before committing."],
    parameters: params, execute: run,
  });
}
