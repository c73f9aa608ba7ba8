(function () {
  "use strict";
  var sections = JSON.parse(document.getElementById("data").textContent);
  var byId = {};
  sections.forEach(function (s) { byId[s.id] = s; });
  var detail = document.getElementById("detail");
  var pinned = null;

  function el(tag, text) {
    var e = document.createElement(tag);
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function row(dl, name, value) {
    dl.appendChild(el("dt", name));
    var dd = el("dd");
    if (Array.isArray(value)) {
      if (value.length === 0) { dd.textContent = "(none)"; }
      value.forEach(function (v, i) { if (i) { dd.appendChild(el("br")); } dd.appendChild(document.createTextNode(v)); });
    } else { dd.textContent = value; }
    dl.appendChild(dd);
  }
  function show(id) {
    var s = byId[id];
    if (!s) { return; }
    detail.textContent = "";
    detail.appendChild(el("h3", s.id + (s.active ? "" : " (inactive)")));
    var dl = el("dl");
    if (s.doc) { row(dl, "doc", s.doc); }
    row(dl, "when", s.when || "(always)");
    if (s.false_terms.length) { row(dl, "false", s.false_terms); }
    if (s.active) {
      row(dl, "size", s.bytes + " bytes, " + s.tokens + " tokens, " + s.estimate + " estimated, " + s.share);
    }
    if (s.volatile) { row(dl, "volatile", "changes from turn to turn"); }
    row(dl, "files", s.files);
    detail.appendChild(dl);
  }
  function highlight(id, on) {
    document.querySelectorAll('[data-id="' + id + '"]').forEach(function (e) { e.classList.toggle("hl", on); });
  }
  function pin(id) {
    if (pinned) {
      var old = document.getElementById("sec-" + pinned);
      if (old) { old.classList.remove("pinned"); }
    }
    pinned = pinned === id ? null : id;
    if (pinned) {
      var span = document.getElementById("sec-" + pinned);
      if (span) { span.classList.add("pinned"); span.scrollIntoView({block: "nearest"}); }
      show(pinned);
    }
  }
  document.querySelectorAll("[data-id]").forEach(function (e) {
    var id = e.getAttribute("data-id");
    e.addEventListener("mouseenter", function () { highlight(id, true); if (!pinned) { show(id); } });
    e.addEventListener("mouseleave", function () { highlight(id, false); });
    e.addEventListener("click", function (ev) { ev.stopPropagation(); pin(id); });
  });
  // #selftest hovers every span and records whether the panel followed,
  // for headless-browser tests.
  if (location.hash === "#selftest") {
    var bad = [];
    document.querySelectorAll("#prompt .sec").forEach(function (e) {
      e.dispatchEvent(new MouseEvent("mouseenter"));
      var h = detail.querySelector("h3");
      if (!h || h.textContent !== e.getAttribute("data-id")) { bad.push(e.getAttribute("data-id")); }
      e.dispatchEvent(new MouseEvent("mouseleave"));
    });
    document.body.setAttribute("data-selftest", bad.length ? "fail: " + bad.join(",") : "ok");
  }
  document.body.setAttribute("data-ready", "1");
}());
