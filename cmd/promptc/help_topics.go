package main

// helpFlag is --help, which every command takes.
var helpFlag = flagDef{name: "help", short: "h", kind: boolFlag, help: "show this help"}

// The flags of the commands that read their command line by hand (diff,
// check, record, policy, run, agents capture, kinds, schema): what they
// accept, for their help.
var (
	diffFlags = []flagDef{
		{name: "json", kind: boolFlag, help: "print the difference as JSON"},
		{name: "exit-code", kind: boolFlag, help: "exit 1 when the prompts differ"},
		helpFlag,
	}
	checkFlags = []flagDef{
		{name: "update", kind: boolFlag, help: "rewrite the goldens that differ (and write the missing ones) instead of failing"},
		{name: "format", kind: stringFlag, metavar: "text|github|sarif|junit|markdown", help: "report format (default text)"},
		{name: "checks", kind: stringFlag, metavar: "FILE", help: "the checks file (default .promptc/checks.yaml of the repository)"},
		helpFlag,
	}
	policyFlags = []flagDef{{name: "json", kind: boolFlag, help: "print the policy as JSON"}, helpFlag}
	runFlags    = []flagDef{
		{name: "mode", kind: stringFlag, metavar: "add|replace", help: "add: the agent keeps its base prompt and the sections layers add are appended (Gemini CLI, which has no append hook: its captured base, then them); replace: the captured base prompt (promptc agents capture AGENT), as layers change it, plus the added sections, in place of the agent's (default add)"},
		{name: "print", kind: boolFlag, help: "print the hook and the text that would be handed over; start nothing"},
		helpFlag,
	}
	captureFlags = []flagDef{
		{name: "model", kind: stringFlag, metavar: "NAME", help: "the model to run the CLI with; the base prompt can depend on it (default: codex gpt-5.5, gemini gemini-3.1-pro-preview, opencode fake-model, claude its own)"},
		{name: "timeout", kind: stringFlag, metavar: "DURATION", help: "how long the CLI may take (default 2m)"},
		{name: "list", kind: boolFlag, help: "per agent: the installed version, the versions captured, whether replace mode is ready"},
		{name: "json", kind: boolFlag, help: "with --list: print it as JSON"},
		helpFlag,
	}
	kindsFlags  = []flagDef{{name: "json", kind: boolFlag, help: "print the kinds as JSON"}, helpFlag}
	schemaFlags = []flagDef{helpFlag}
)

// pickFlags are the definitions of defs with the given names, in defs'
// order.
func pickFlags(defs []flagDef, names ...string) []flagDef {
	var out []flagDef
	for _, d := range defs {
		for _, n := range names {
			if d.name == n {
				out = append(out, d)
			}
		}
	}
	return out
}

// Exit statuses most commands share.
var (
	exitOKHelp    = exitHelp{exitOK, "success"}
	exitSpecHelp  = exitHelp{exitSpec, "pipeline errors: a file:line:col: message for each"}
	exitUsageHelp = exitHelp{exitUsage, "usage errors: an unknown flag or command, a missing or malformed value"}
	exitIOHelp    = exitHelp{exitInternal, "I/O or internal errors"}
)

// pipelineExit are the statuses of a command that runs a pipeline.
func pipelineExit() []exitHelp {
	return []exitHelp{exitOKHelp, exitSpecHelp, exitUsageHelp, exitIOHelp}
}

// plainExit are the statuses of a command that compiles no pipeline.
func plainExit() []exitHelp { return []exitHelp{exitOKHelp, exitUsageHelp, exitIOHelp} }

// helpTopics is every command's help, in the order of the usage. It
// allocates on each call: nothing is built at package init.
func helpTopics() []commandHelp {
	common := func(extra ...flagDef) []flagDef {
		return append(append([]flagDef(nil), commonFlags...), extra...)
	}
	return []commandHelp{
		{
			Name:          "build",
			Usage:         []string{"promptc build [flags]"},
			Summary:       "Print the system prompt.",
			Description:   "Runs the selected pipeline (default: pi 1.6.0, or the default_pipeline a configuration layer names) over the files of the working directory, its parents and HOME, with the system, user and project layers that apply, and prints the prompt the agent would get, byte for byte. Warnings (a skipped file, an override with no effect) go to stderr. With --json the whole result: the prompt, each section with where its text came from, and the diagnostics. With --input LINE it prints the prompt of the run LINE starts, after the pipeline's transforms. With --receipt FILE it also writes the build's receipt: the SHA-256 of the prompt, of each section and of every layer and file it was built from, which promptc receipt verify checks later.",
			flags:         common(inputFlag, receiptFlag, receiptAgentFlag),
			PipelineFlags: true,
			Exit:          pipelineExit(),
			Examples: []exampleHelp{
				{Says: "Print pi's system prompt for this directory (its AGENTS.md included).", Command: "promptc build", want: `Use tabs\.`},
				{Says: "Trust the project, so that its own skills (.pi/skills) load too.", Command: "promptc build --approve", want: `<name>deploy</name>`},
				{Says: "Override one key of the pipeline: drop the <cwd> section.", Command: "promptc build --set sections.cwd.disabled=true", want: `Use tabs\.`, lacks: `<cwd>`},
			},
		},
		{
			Name:          "expand",
			Usage:         []string{"promptc expand [flags] [--] LINE"},
			Summary:       "Print the user message after /skill: and prompt-template expansion.",
			Description:   "Expands LINE as the agent would before sending it: /skill:NAME becomes the skill's text in a <skill> block, /TEMPLATE ARGS the prompt template with its arguments filled in; any other line is printed as it is. It reads the same skills and templates build does, so the project's own need --approve.",
			flags:         common(),
			PipelineFlags: true,
			Exit:          pipelineExit(),
			Examples: []exampleHelp{
				{Says: "What pi sends for /skill:deploy in this (trusted) project.", Command: "promptc expand --approve '/skill:deploy now'", want: `<skill name="deploy"`},
			},
		},
		{
			Name:          "explain",
			Usage:         []string{"promptc explain [flags]", "promptc explain [flags] TARGET"},
			Summary:       "Explain the prompt: sections, sources, why not, tokens, cache, drift.",
			Description:   "Reports why the prompt says what it says: the configuration layers and the keys more than one layer sets, each section with the files its text came from, the files and skills that were found and left out and why (trust, name, shadowed, over a cap), the tokens of each part, and what a prompt cache keeps between turns. Text by default, --json for the same as data (its shape: promptc schema explain), --html FILE for a self-contained page. With a TARGET (a path, a section id, a skill, template or tool name; KIND:NAME when a name means two things) it answers about that one thing: in the prompt or not, where (section, bytes, lines), the rule that decided and what would change it; exit 0 either way, 2 for a target it cannot place; with --json its shape is promptc schema explain-target (docs/guide/debugging.md).",
			flags:         common(explainFlags...),
			PipelineFlags: true,
			Exit:          pipelineExit(),
			Examples: []exampleHelp{
				{Says: "The report for this directory under pi's pipeline.", Command: "promptc explain", want: `(?m)^Prompt +\d+ bytes`},
				{Says: "The same as JSON, for a script.", Command: "promptc explain --json", want: `"sections"`},
				{Says: "A page to share: one HTML file, no network.", Command: "promptc explain --html report.html && test -s report.html"},
				{Says: "One question, one answer: where the cwd section is, and why.", Command: "promptc explain cwd", want: `(?m)^section cwd: in the prompt`},
			},
		},
		{
			Name:          "graph",
			Usage:         []string{"promptc graph [flags]"},
			Summary:       "Draw the compiled pipeline (with input flags: mark what was active).",
			Description:   "Draws the pipeline's sections, sources and the data flowing between them. Without input flags it reads no file and draws the plan; with any flag that sets a param (--cwd, --approve, --param, ...) it runs the pipeline and marks the active sections and the sources that resolved.",
			flags:         common(graphFlags...),
			PipelineFlags: true,
			Exit:          pipelineExit(),
			Examples: []exampleHelp{
				{Says: "The plan as Graphviz dot (render with dot -Tsvg).", Command: "promptc graph", want: `^digraph`},
				{Says: "As Mermaid, marking what this directory activates.", Command: "promptc graph --format mermaid --cwd .", want: `flowchart`},
			},
		},
		{
			Name:        "agents",
			Usage:       []string{"promptc agents [--cwd DIR] [--json] [--tokenizer NAME]", "promptc agents --versions [--json]"},
			Summary:     "What pi, Codex, Claude Code, Gemini CLI, opencode (and CowAgent) load, side by side.",
			Description: "Shows, side by side, the instruction files each agent loads for DIR: pi (the default pipeline), CowAgent (when DIR holds a workspace file), Codex CLI, Claude Code, Gemini CLI and opencode. For each: the files in load order, the files skipped and why (shadowed, over the cap, wrong name, outside the walk, ...) and the tokens of its instruction part. Each agent runs its built-in pipeline with its defaults (no configuration layer); the agents' own settings files in HOME and DIR are read as they read them. --versions shows instead, per agent, the version installed here, the versions promptc's pipelines reproduce and whether they match (a release that does not match is checked with tools/keepup, docs/keep-up.md).",
			flags:       agentsFlags,
			Exit:        pipelineExit(),
			Examples: []exampleHelp{
				{Says: "Which files each agent reads in this directory.", Command: "promptc agents", want: `Claude Code`},
				{Says: "The installed agents' versions against the verified ones.", Command: "promptc agents --versions", want: `(?i)verified`},
			},
		},
		{
			Name:        "agents capture",
			Usage:       []string{"promptc agents capture AGENT [--model NAME] [--timeout DURATION]", "promptc agents capture --list [--json]"},
			Summary:     "Record the installed CLI's base prompt (fake model server, loopback only) into the cache.",
			Description: "Runs the installed CLI (claude, codex, gemini, opencode; or claude-code, gemini-cli) once, non-interactively, in a scratch HOME and directory, against a fake model server promptc starts on 127.0.0.1, inside a network namespace of its own (loopback only) where the system allows one; then stores the base system prompt the CLI sent, and its version, in $XDG_CACHE_HOME/promptc/agents/AGENT/VERSION/ (base.md, capture.json). promptc ships no vendor's prompt: promptc run --mode replace and the *-system pipelines read only what this records.",
			flags:       captureFlags,
			Exit: []exitHelp{
				{exitOK, "captured (or listed)"}, exitUsageHelp, exitIOHelp,
				{4, "the installed version is older than the one promptc verified"},
				{8, "the CLI did not finish a turn offline"},
				{127, "the CLI is not installed"},
			},
			Examples: []exampleHelp{
				{Says: "Which agents are installed and captured, and whether replace mode is ready.", Command: "promptc agents capture --list", want: `replace mode`},
			},
		},
		{
			Name:        "run",
			Usage:       []string{"promptc run AGENT [--mode add|replace] [--print] [build flags] [-- AGENT ARGS...]"},
			Summary:     "Run claude, codex, gemini or opencode with promptc's prompt.",
			Description: "Builds the prompt of AGENT's pipeline (claude = claude-code, codex, gemini = gemini-cli, opencode) with the layers that apply, hands it to the CLI found on PATH through the hook the CLI documents, and runs the CLI with the arguments after --. The hand-over files live in a private temporary directory, removed when the CLI ends. promptc's exit status is the CLI's; the statuses below are promptc's refusals, before the agent starts.",
			flags:       runFlags,
			Exit: []exitHelp{
				{exitSpec, "a pipeline error"}, {exitUsage, "an unknown agent or bad flags"}, {exitInternal, "an I/O error"},
				{4, "a version older than the one verified"},
				{5, "replace mode: no captured base prompt for this version (promptc agents capture AGENT)"},
				{6, "a corrupt capture"},
				{7, "a layer that changes what the agent renders itself"},
				{127, "the CLI is not on PATH"},
			},
			Examples: []exampleHelp{
				{Says: "Show what Claude Code would be handed, starting nothing (exits 127 where claude is not installed).", Command: "promptc run claude --print", Exit: 127},
				{Says: "Run Codex with the project's layers and a question (needs codex on PATH).", Command: "promptc run codex -- exec 'What does this repository do?'", Exit: 127},
			},
		},
		{
			Name:        "validate",
			Usage:       []string{"promptc validate [--base NAME|FILE] [--overlay FILE]... [--set KEY=VALUE]... FILE|NAME..."},
			Summary:     "Check pipeline files (schema and compile) without reading sources.",
			Description: "Checks each pipeline file, or built-in pipeline NAME, against the pipeline schema and compiles it, reading no source file: unknown keys, wrong types, template errors and broken references are reported as file:line:col: message. A file that extends nothing and names no sources is checked as an overlay over --base (default: default).",
			flags:       validateFlags,
			Exit:        pipelineExit(),
			Examples: []exampleHelp{
				{Says: "Start a pipeline of your own from a built-in one and check it.", Command: "promptc pipelines show default > mine.yaml && promptc validate mine.yaml", want: `mine\.yaml: ok`},
				{Says: "Check an overlay (a file that changes a pipeline).", Command: "printf 'sections:\\n  cwd:\\n    disabled: true\\n' > team.yaml && promptc validate team.yaml", want: `an overlay`},
			},
		},
		{
			Name:        "params",
			Usage:       []string{"promptc params [--pipeline P] [--json]"},
			Summary:     "List a pipeline's params with their types, defaults, flags and environment.",
			Description: "Lists the params of the selected pipeline: their types and defaults, the flags and environment variables that set them, and what they mean. These are the flags build, expand, explain and graph accept beyond promptc's own.",
			flags:       paramsFlags,
			Exit:        pipelineExit(),
			Examples: []exampleHelp{
				{Says: "The params of pi's pipeline.", Command: "promptc params", want: `--cwd`},
				{Says: "Claude Code's, as JSON.", Command: "promptc params --pipeline claude-code --json", want: `"name"`},
			},
		},
		{
			Name:          "config",
			Usage:         []string{"promptc config [flags]"},
			Summary:       "Print the configuration layers and the merged pipeline.",
			Description:   "Prints the configuration layers in precedence order (applied, absent or ignored, with the path and why), the keys set by more than one layer, and the merged pipeline as YAML: a pipeline file that builds the same prompt on its own (promptc build --pipeline FILE --no-config). It takes build's flags, since whether the project layer applies depends on the project's trust.",
			flags:         common(configFlags...),
			PipelineFlags: true,
			Exit:          pipelineExit(),
			Examples: []exampleHelp{
				{Says: "Where every value of the merged pipeline was set.", Command: "promptc config --show-origin", want: `pipelines/`},
				{Says: "Only the layers, and the keys more than one sets.", Command: "promptc config --layers", want: `# Layers`},
			},
		},
		{
			Name:        "policy",
			Usage:       []string{"promptc policy [--json]"},
			Summary:     "The policy the system and user layers put in force: locked and required sections, on_failure.",
			Description: "Reads the system and user configuration layers (not the project's) and prints the policy they put in force: the sections a higher layer may not change (locked) or remove (required), and what an agent integration does when promptc cannot build (on_failure: block or fallback). Integrations ask this once per session to fail closed.",
			flags:       policyFlags,
			Exit:        []exitHelp{exitOKHelp, {exitSpec, "a layer cannot be read as YAML"}, exitUsageHelp, exitIOHelp},
			Examples: []exampleHelp{
				{Says: "The policy in force here (none: on_failure fallback).", Command: "promptc policy", want: `on_failure`},
				{Says: "As JSON, as the pi extension reads it.", Command: "promptc policy --json", want: `"on_failure"`},
			},
		},
		{
			Name:        "receipt",
			Usage:       []string{"promptc receipt verify FILE [--cwd DIR] [--json]"},
			Summary:     "Rebuild a build's receipt and say whether the prompt is the same, else what changed.",
			Description: "Reads a receipt (promptc build --receipt FILE; its shape: promptc schema receipt), rebuilds with its pipeline, overlays, tool files, sets, system and user layers and params, and compares: the prompt is the same when its SHA-256 is. Otherwise it names each section whose text changed and each file, layer and param that differs, by SHA-256 (--json: whole hashes). A file that is not a valid receipt is refused with FILE:LINE:COL: what is wrong.",
			flags:       receiptVerifyFlags,
			Exit: []exitHelp{
				{exitOK, "the prompt is the same"}, {exitSpec, "the rebuild failed (pipeline errors)"}, exitUsageHelp, exitIOHelp,
				{exitReceiptDiffers, "the prompt differs from the receipt's"},
				{exitReceiptBad, "FILE is not a valid receipt"},
			},
			Examples: []exampleHelp{
				{Says: "Record a build, then check it still holds.", Command: "promptc build --receipt receipt.json > /dev/null && promptc receipt verify receipt.json", want: `the prompt is the same`},
				{Says: "After an edit: which section and which file changed.", Command: "promptc build --receipt receipt.json > /dev/null && echo 'Use spaces.' > AGENTS.md && promptc receipt verify receipt.json", Exit: exitReceiptDiffers, want: `(?m)^  file .*AGENTS\.md: changed`},
				{Says: "A file that is not a receipt: where it is wrong, on stderr.", Command: "echo '{\"receipt\": 2}' > receipt.json && promptc receipt verify receipt.json", Exit: exitReceiptBad},
			},
		},
		{
			Name:        "pipelines",
			Usage:       []string{"promptc pipelines", "promptc pipelines show NAME"},
			Summary:     "List the built-in pipelines, or print one's YAML.",
			Description: "Lists the pipelines built into promptc, one name a line (NAME@VERSION reproduces that release of the agent; NAME follows the newest verified one). show NAME prints the pipeline's YAML: the starting point for a pipeline or an overlay of your own.",
			flags:       []flagDef{helpFlag},
			Exit:        plainExit(),
			Examples: []exampleHelp{
				{Says: "The built-in pipelines.", Command: "promptc pipelines", want: `(?m)^claude-code$`},
				{Says: "Claude Code's pipeline, as YAML.", Command: "promptc pipelines show claude-code", want: `(?m)^name: claude-code$`},
			},
		},
		{
			Name:        "kinds",
			Usage:       []string{"promptc kinds [--json] [KIND]"},
			Summary:     "List the source kinds with their value fields and options.",
			Description: "Lists the kinds of source a pipeline can declare (context files, skills, prompt templates, ...), each with the fields its value has in templates and the options it takes. KIND prints one.",
			flags:       kindsFlags,
			Exit:        plainExit(),
			Examples: []exampleHelp{
				{Says: "Every source kind.", Command: "promptc kinds", want: `(?m)^skills$`},
				{Says: "The fields and options of the skills kind.", Command: "promptc kinds skills", want: `\.Skills`},
			},
		},
		{
			Name:        "schema",
			Usage:       []string{"promptc schema [pipeline|explain|explain-target|exec|receipt]"},
			Summary:     "Print the JSON Schema of pipeline files, explain --json, the exec protocol or receipts.",
			Description: "Prints a JSON Schema: pipeline (the default) for pipeline and overlay files, so an editor can check and complete them; explain for the output of promptc explain --json; explain-target for the answer of promptc explain --json TARGET; exec for the protocol of a pipeline's exec transforms; receipt for the receipts of build --receipt.",
			flags:       schemaFlags,
			Exit:        plainExit(),
			Examples: []exampleHelp{
				{Says: "The schema of pipeline files, for an editor.", Command: "promptc schema > pipeline.schema.json && test -s pipeline.schema.json"},
				{Says: "The schema of explain --json.", Command: "promptc schema explain", want: `"\$schema"`},
			},
		},
		{
			Name:        "test",
			Usage:       []string{"promptc test [flags] [FILE|DIR ...]"},
			Summary:     "Run prompt regression cases (default ./promptc-tests).",
			Description: "Runs each case file (a txtar holding the files, the command line and the prompt wanted; promptc record writes one) in a sandbox of its own and compares the prompt with the one wanted, printing the difference by section with token deltas. DIR runs every .txtar below it.",
			flags:       testFlags,
			Exit:        []exitHelp{{exitOK, "every case passed"}, {exitSpec, "a case failed"}, exitUsageHelp, exitIOHelp},
			Examples: []exampleHelp{
				{Says: "Snapshot this build as a case, then run the cases in ./promptc-tests.", Command: "promptc record promptc-tests/tabs.txtar && promptc test", want: `1 passed, 0 failed`},
				{Says: "Run only the cases whose name matches, listing each, with a JUnit report.", Command: "promptc record promptc-tests/tabs.txtar && promptc test -run tabs -v --junit report.xml", want: `tabs`},
			},
		},
		{
			Name:          "diff",
			Usage:         []string{"promptc diff [--json] [--exit-code] OLD.json NEW.json", "promptc diff [--json] [--exit-code] [build flags] -- [build flags]"},
			Summary:       "The prompt difference of two builds, by section, with token deltas.",
			Description:   "Compares two prompts section by section, with the tokens each change costs per request. The first form reads two promptc build --json outputs. The second runs two builds here: the old one with the flags before --, the new one with the same flags except those named again after --, which replace them (so --overlay old.yaml -- --overlay new.yaml swaps the overlay, and -- --approve adds a flag).",
			flags:         diffFlags,
			PipelineFlags: true,
			Exit:          []exitHelp{{exitOK, "compared (with --exit-code: the prompts are the same)"}, {exitSpec, "a pipeline error, or with --exit-code: the prompts differ"}, exitUsageHelp, exitIOHelp},
			Examples: []exampleHelp{
				{Says: "What dropping the <cwd> section changes.", Command: "promptc diff -- --set sections.cwd.disabled=true", want: `section cwd: removed`},
				{Says: "What trusting the project changes (its skills load).", Command: "promptc build --json > old.json && promptc build --json --approve > new.json && promptc diff old.json new.json", want: `section skills`},
				{Says: "Fail when a change would alter the prompt (for CI).", Command: "promptc diff --exit-code -- --approve", Exit: exitSpec},
			},
		},
		{
			Name:          "record",
			Usage:         []string{"promptc record [build flags] OUT.txtar"},
			Summary:       "Snapshot this build into a hermetic case file.",
			Description:   "Runs the build promptc build would run with the same flags, capturing every file it read or looked for, and writes them into OUT.txtar under $WORK with the variables its params read, the command line and the prompt as want; then replays the case in its sandbox. The list of what was captured goes to stderr: review it before you share the case, since file contents are copied into it.",
			flags:         []flagDef{helpFlag},
			PipelineFlags: true,
			Exit:          []exitHelp{{exitOK, "written, and the case reproduces the prompt"}, {exitSpec, "a pipeline error, or the case does not reproduce the prompt (the difference is printed)"}, exitUsageHelp, exitIOHelp, {130, "interrupted (128 + the signal's number); nothing is written"}},
			Examples: []exampleHelp{
				{Says: "Record pi's prompt for this directory as a test case.", Command: "promptc record promptc-tests/tabs.txtar && promptc test promptc-tests/tabs.txtar", want: `1 passed`},
				{Says: "Record what Claude Code gets here (its CLAUDE.md reminder, with AGENTS.md read too).", Command: "promptc record --pipeline claude-code promptc-tests/claude.txtar && promptc test", want: `1 passed, 0 failed`},
			},
		},
		{
			Name:        "check",
			Usage:       []string{"promptc check [--update] [--format text|github|sarif|junit|markdown] [--checks FILE]"},
			Summary:     "Check the repository's prompts against .promptc/golden (.promptc/checks.yaml).",
			Description: "Builds each prompt .promptc/checks.yaml lists (a pipeline, a directory, flags, layers, budgets) and compares it with its golden in .promptc/golden, printing the differences by section with token deltas; --update writes the goldens instead. Formats for CI: github annotations, SARIF, JUnit, a Markdown summary.",
			flags:       checkFlags,
			Exit: []exitHelp{
				{exitOK, "every check passed"}, {exitSpec, "a check differs from its golden or fails its budget"},
				{exitUsage, "usage errors, or a checks file naming an unknown pipeline or a missing directory"}, exitIOHelp,
				{exitCheckGolden, "a golden promptc check did not write (edited by hand)"},
				{exitCheckLocked, "another promptc check --update holds the goldens' lock"},
			},
			Examples: []exampleHelp{
				{Says: "Approve today's prompts, then check them.", Command: "promptc check --update && promptc check", want: `1 passed, 0 failed`},
				{Says: "A Markdown summary for a pull request.", Command: "promptc check --update && promptc check --format markdown", want: `(?i)passed`},
			},
		},
		{
			Name:        "serve",
			Usage:       []string{"promptc serve --stdio | --listen ADDR... [--root DIR...] [flags]"},
			Summary:     "Answer build and explain requests (JSON), warm, turn after turn.",
			Description: "Answers JSON requests, each one command line of build (or explain over HTTP), keeping compiled pipelines and the files they read warm between requests, so an agent integration pays a build's cost once per change rather than once per turn. --stdio reads one request a line and writes one reply a line; --listen serves HTTP on a loopback port or a unix socket.",
			flags:       serveFlags,
			Exit:        []exitHelp{{exitOK, "the input ended, or SIGTERM/SIGINT, and the requests in flight were answered"}, exitUsageHelp, exitIOHelp},
			Examples: []exampleHelp{
				{Says: "One build request on standard input; the reply is one JSON line.", Command: `echo '{"args": ["--cwd", "."]}' | promptc serve --stdio`, want: `"prompt":`},
			},
		},
		{
			Name:        "emit",
			Usage:       []string{"promptc emit [--cwd DIR] [--scope user] [--dry-run] [--check [--junit FILE]] [--force] [--json]"},
			Summary:     "Write each agent's instruction files from .promptc/rules.yaml; --check proves what each loads.",
			Description: "Writes each agent's own instruction files from one source: the system and user rules layers (rules.yaml beside the system and user config.yaml), then the repository's .promptc/rules.yaml. Targets: agents-md (AGENTS.md: Codex, opencode, pi), claude (CLAUDE.md, .claude/rules), gemini (GEMINI.md), cursor (.cursor/rules/*.mdc), copilot (.github/copilot-instructions.md, .github/instructions), windsurf (.windsurf/rules), cline (.clinerules). Content promptc owns sits between managed markers; text outside them is kept. --check builds promptc's verified pipelines of Codex, Claude Code, Gemini CLI, opencode, Copilot CLI and pi from each directory and reports which rule each agent receives.",
			flags:       emitFlags,
			Exit:        []exitHelp{exitOKHelp, {exitSpec, "the check failed, or source errors or conflicts"}, exitUsageHelp, {exitInternal, "I/O errors (a file that cannot be written, a link out of the root)"}},
			Examples: []exampleHelp{
				{Says: "Start the rules from the repository's files, then show what emit would write.", Command: "promptc init --from-existing && promptc emit --dry-run", want: `\+\+\+ b/`},
				{Says: "Write the files, then prove each agent receives its rules (for CI).", Command: "promptc init --from-existing && promptc emit && promptc emit --check", want: `files:`},
			},
		},
		{
			Name:        "init",
			Usage:       []string{"promptc init --from-existing [--cwd DIR] [--force]"},
			Summary:     "Start .promptc/rules.yaml from the repository's CLAUDE.md, AGENTS.md, .cursor/rules, ...",
			Description: "Reads the repository's instruction files (AGENTS.md, CLAUDE.md, GEMINI.md, .cursor/rules, .github/copilot-instructions.md, ...) into .promptc/rules.yaml, the source promptc emit writes every agent's files from. An existing rules.yaml is kept unless --force.",
			flags:       pickFlags(emitFlags, "cwd", "from-existing", "force", "help"),
			Exit:        []exitHelp{exitOKHelp, {exitSpec, "an instruction file cannot be read as rules"}, exitUsageHelp, exitIOHelp},
			Examples: []exampleHelp{
				{Says: "Read AGENTS.md (and the others) into .promptc/rules.yaml.", Command: "promptc init --from-existing && cat .promptc/rules.yaml", want: `Use tabs\.`},
			},
		},
		{
			Name:        "help",
			Usage:       []string{"promptc help [COMMAND]", "promptc help --json"},
			Summary:     "Print the usage, or one command's help.",
			Description: "Without a COMMAND, the usage: every command in one line each. With one, the same as promptc COMMAND --help. --json prints every command's help as data (usage, description, flags, exit statuses, examples): the reference documentation is generated from it.",
			Exit:        plainExit(),
			Examples: []exampleHelp{
				{Says: "The help of promptc test.", Command: "promptc help test", want: `Usage: promptc test`},
				{Says: "Every command's help, as JSON.", Command: "promptc help --json", want: `"examples"`},
			},
		},
		{
			Name:        "version",
			Usage:       []string{"promptc version", "promptc --version"},
			Summary:     "Print promptc's version.",
			Description: "Prints promptc's version and the Go it was built with, one line.",
			Exit:        []exitHelp{exitOKHelp},
			Examples: []exampleHelp{
				{Says: "Which promptc this is.", Command: "promptc --version", want: `promptc`},
			},
		},
	}
}
