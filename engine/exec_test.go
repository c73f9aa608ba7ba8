package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/promptc/promptc/schema"
)

// replyCases are exec replies and what parseReply makes of them: the new
// prompt ("-" keeps it), the message content ("-" adds none), or the
// error.
var replyCases = []struct {
	name, out, prompt, message, err string
}{
	{"empty output changes nothing", "", "-", "-", ""},
	{"white space changes nothing", " \n\t", "-", "-", ""},
	{"null changes nothing", "null\n", "-", "-", ""},
	{"an empty object changes nothing", "{}", "-", "-", ""},
	{"a new prompt", `{"systemPrompt": "P"}`, "P", "-", ""},
	{`"" empties the prompt`, `{"systemPrompt": ""}`, "", "-", ""},
	{"null systemPrompt keeps it", `{"systemPrompt": null, "message": "m"}`, "-", "m", ""},
	{"a string message", `{"message": "hello"}`, "-", "hello", ""},
	{"an object message with text parts", `{"message": {"content": [{"type": "text", "text": "a"}, {"type": "image", "data": "x"}, {"type": "text", "text": "b"}]}}`, "-", "ab", ""},
	{"an object message without content", `{"message": {"customType": "x"}}`, "-", "", ""},
	{"falsy messages add none", `{"message": false}`, "-", "-", ""},
	{"zero adds none", `{"message": 0.0}`, "-", "-", ""},
	{"an empty string adds none", `{"message": ""}`, "-", "-", ""},
	{"unknown fields are ignored", `{"systemPrompt": "P", "other": [1, 2]}`, "P", "-", ""},
	{"garbage", "not json", "", "", "the reply is not JSON: invalid character 'o' in literal null (expecting 'u') (at byte 2)"},
	{"cut short", `{"systemPrompt": "P`, "", "", "the reply is not JSON: it ends in the middle of a value"},
	{"two values", `{} {}`, "", "", "the reply has more than one JSON value"},
	{"not an object", `["P"]`, "", "", "the reply is a list, not a JSON object"},
	{"systemPrompt of the wrong type", `{"systemPrompt": 1}`, "", "", "systemPrompt is a number, not a string or null"},
	{"message true", `{"message": true}`, "", "", "message is true, not a string or an object"},
	{"message a number", `{"message": 3}`, "", "", "message is a number, not a string or an object"},
	{"message a list", `{"message": ["x"]}`, "", "", "message is a list, not a string or an object"},
	{"content part not an object", `{"message": {"content": ["x"]}}`, "", "", "message.content[0] is a string, not an object"},
	{"text part without text", `{"message": {"content": [{"type": "text"}]}}`, "", "", "message.content[0].text is null, not a string"},
	{"content of the wrong type", `{"message": {"content": 5}}`, "", "", "message.content is a number, not a string or a list of parts"},
	{"customType of the wrong type", `{"message": {"content": "x", "customType": 1}}`, "", "", "message.customType is a number, not a string"},
	{"display of the wrong type", `{"message": {"content": "x", "display": "yes"}}`, "", "", "message.display is a string, not a boolean"},
}

func TestParseReply(t *testing.T) {
	for _, tc := range replyCases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := parseReply([]byte(tc.out))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			prompt, message := "-", "-"
			if r.prompt != nil {
				prompt = *r.prompt
			}
			if r.message != nil {
				message = r.message.Content
			}
			if prompt != tc.prompt || message != tc.message {
				t.Errorf("prompt %q message %q, want %q %q", prompt, message, tc.prompt, tc.message)
			}
		})
	}
}

// TestReplySchema: the documented reply schema accepts exactly the JSON
// replies parseReply accepts.
func TestReplySchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft7
	if err := c.AddResource("exec.schema.json", strings.NewReader(schema.ExecJSON())); err != nil {
		t.Fatal(err)
	}
	reply, err := c.Compile("exec.schema.json#/definitions/reply")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range replyCases {
		var doc any
		if json.Unmarshal([]byte(tc.out), &doc) != nil || tc.out == "" || strings.Contains(tc.name, "two values") {
			continue // not one JSON value: the schema does not apply
		}
		valid := reply.Validate(doc) == nil
		if valid != (tc.err == "") {
			t.Errorf("%s: schema says valid=%v, parseReply error %q", tc.name, valid, tc.err)
		}
	}
}

// TestRequestSchema: the request the default shape of the engine sends
// matches the documented request schema.
func TestRequestSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft7
	if err := c.AddResource("exec.schema.json", strings.NewReader(schema.ExecJSON())); err != nil {
		t.Fatal(err)
	}
	request, err := c.Compile("exec.schema.json#/definitions/request")
	if err != nil {
		t.Fatal(err)
	}
	b, err := encodeRequest(ExecRequest{Transform: "t", Line: "/x y", Prompt: "X y", SystemPrompt: "S"},
		map[string]any{"type": "before_agent_start", "images": []any{}, "systemPromptOptions": map[any]any{"cwd": "/p", "customPrompt": nil, "selectedTools": []string{"read"}}})
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if err := request.Validate(doc); err != nil {
		t.Errorf("%s: %v", b, err)
	}
}

// FuzzParseReply: any output is either a reply or an error, never a
// panic; an accepted reply's parts are what the output's JSON holds.
func FuzzParseReply(f *testing.F) {
	for _, tc := range replyCases {
		f.Add([]byte(tc.out))
	}
	f.Fuzz(func(t *testing.T, out []byte) {
		r, err := parseReply(out)
		if err != nil {
			if r.prompt != nil || r.message != nil {
				t.Fatalf("an error with a reply: %v", err)
			}
			return
		}
		if r.prompt == nil && r.message == nil {
			return
		}
		var obj map[string]any
		if json.Unmarshal(out, &obj) != nil {
			t.Fatalf("accepted %q, which is no JSON object", out)
		}
		if r.prompt != nil && obj["systemPrompt"] != *r.prompt {
			t.Fatalf("prompt %q, reply holds %v", *r.prompt, obj["systemPrompt"])
		}
		if r.message != nil && r.message.Role != "user" {
			t.Fatalf("message role %q", r.message.Role)
		}
	})
}
