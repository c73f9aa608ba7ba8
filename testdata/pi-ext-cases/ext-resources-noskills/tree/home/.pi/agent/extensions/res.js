import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
export default function (pi) {
  pi.on("resources_discover", async () => ({
    skillPaths: [join(root, "ext", "skills")],
    promptPaths: [join(root, "ext", "prompts")],
  }));
}
