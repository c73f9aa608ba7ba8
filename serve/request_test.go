package serve

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

func TestDecodeRequest(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       Request
		code       string
	}{
		{name: "empty object", body: `{}`, want: Request{}},
		{name: "every field", body: `{"command":"explain","format":"text","pipeline":"cowagent","overlays":["a.yaml"],"params":{"n":3,"f":1.5,"l":[1,"x"]},"args":["--cwd","/p"]}`,
			want: Request{Command: "explain", Format: "text", Pipeline: "cowagent", Overlays: []string{"a.yaml"},
				Params: map[string]any{"n": int64(3), "f": 1.5, "l": []any{int64(1), "x"}}, Args: []string{"--cwd", "/p"}}},
		{name: "unknown field", body: `{"pipelines":"x"}`, code: CodeBadRequest},
		{name: "wrong type", body: `{"args":"--cwd"}`, code: CodeBadRequest},
		{name: "not an object", body: `[1]`, code: CodeBadRequest},
		{name: "garbage", body: `{"args":`, code: CodeBadRequest},
		{name: "two objects", body: `{} {}`, code: CodeBadRequest},
		{name: "unknown command", body: `{"command":"graph"}`, code: CodeBadRequest},
		{name: "unknown format", body: `{"command":"explain","format":"html"}`, code: CodeBadRequest},
		{name: "huge number stays text", body: `{"params":{"n":1e400}}`, want: Request{Params: map[string]any{"n": "1e400"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, e := DecodeRequest([]byte(tc.body))
			if tc.code != "" {
				if e == nil || e.Code != tc.code {
					t.Fatalf("DecodeRequest(%s) error = %v, want code %s", tc.body, e, tc.code)
				}
				return
			}
			if e != nil {
				t.Fatalf("DecodeRequest(%s): %v", tc.body, e)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("DecodeRequest(%s) = %#v, want %#v", tc.body, got, tc.want)
			}
		})
	}
}

func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{`{}`, `{"args":["--cwd","x"]}`, `{"params":{"a":[1,{"b":2.5}]}}`, `{"command":"explain","format":"text"}`, "{\"x\":1}\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, e := DecodeRequest(data)
		if e != nil {
			if e.Code != CodeBadRequest || e.Message == "" {
				t.Fatalf("error reply %+v", e)
			}
			return
		}
		switch r.Command {
		case "", CommandBuild, CommandExplain:
		default:
			t.Fatalf("accepted command %q", r.Command)
		}
	})
}

// TestDoResolvesCommand: the endpoint's command counts before format is
// checked, so POST /v1/explain {"format":"text"} (docs/guide/serve.md's example) is
// explain text, and a format for build is still refused.
func TestDoResolvesCommand(t *testing.T) {
	s := New(echo{}.handle, Limits{})
	for _, tc := range []struct {
		body, force, command, code string
	}{
		{`{"format":"text"}`, CommandExplain, CommandExplain, ""},
		{`{"command":"explain","format":"json"}`, "", CommandExplain, ""},
		{`{}`, "", CommandBuild, ""},
		{`{}`, CommandExplain, CommandExplain, ""},
		{`{"format":"text"}`, "", "", CodeBadRequest},
		{`{"format":"text"}`, CommandBuild, "", CodeBadRequest},
		{`{"command":"build","format":"text"}`, CommandExplain, "", CodeBadRequest},
		{`{"command":"explain"}`, CommandBuild, "", CodeBadRequest},
	} {
		reply, _ := s.Do(context.Background(), []byte(tc.body), tc.force)
		if got := code(t, reply); got != tc.code || tc.code == "" && !strings.Contains(string(reply), `"command":"`+tc.command+`"`) {
			t.Errorf("%s at %q: %s, want command %q, code %q", tc.body, tc.force, reply, tc.command, tc.code)
		}
	}
}
