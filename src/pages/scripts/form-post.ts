/**
 * The form_post answer's script (OAuth 2.0 Form Post Response Mode §2: the page "auto-submits"),
 * served under /pages/assets with a content hash, so the page needs no inline script. It submits the
 * page's one response form as soon as the document is parsed (a module script runs then). Called
 * through the prototype, so no field of the form can stand in for `submit`.
 */
const form = document.getElementById("form-post");
if (form instanceof HTMLFormElement) HTMLFormElement.prototype.submit.call(form);
