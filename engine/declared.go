package engine

import (
	"fmt"
	"reflect"
	"strconv"

	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sources"
)

// DeclaredName is the name under which expressions and templates read
// what the layers registered: declared.Tools, declared.Resources.Skills,
// .Prompts and .Packages. A param or source may not have this name.
const DeclaredName = "declared"

// Declared is what the layers registered (tools:, resources:), the
// winners in registration order. Lists are never nil.
type Declared struct {
	Tools     []sources.ToolDef
	Resources DeclaredResources
}

// DeclaredResources are the resource paths the layers added.
type DeclaredResources struct {
	Skills, Prompts, Packages []string
}

var typeOfDeclared = reflect.TypeFor[Declared]()

// declared builds the Declared value of spec.
func declared(ps *spec.Spec) Declared {
	d := Declared{Tools: []sources.ToolDef{}}
	for i, t := range ps.Tools {
		d.Tools = append(d.Tools, sources.ToolDef{
			Name: t.Name, Snippet: t.Snippet, Guidelines: t.Guidelines,
			Origin: ps.Pos("/tools/" + strconv.Itoa(i)).String(),
		})
	}
	d.Resources.Skills = nonNil(ps.Resources.Skills)
	d.Resources.Prompts = nonNil(ps.Resources.Prompts)
	d.Resources.Packages = nonNil(ps.Resources.Packages)
	return d
}

// compileDeclared makes declared readable by expressions and templates.
func (c *compiler) compileDeclared() {
	c.plan.declared = declared(c.spec)
	for _, group := range []string{"params", "sources"} {
		_, isParam := c.spec.Params[DeclaredName]
		_, isSource := c.spec.Sources[DeclaredName]
		if (group == "params" && isParam) || (group == "sources" && isSource) {
			c.diags.Errorf(c.spec.KeyPos("/"+group+"/"+DeclaredName), "load",
				"%s is reserved: expressions read the registered tools and resources under that name", fmt.Sprintf("%s.%s", group, DeclaredName))
		}
	}
	c.types[DeclaredName] = typeOfDeclared
}
