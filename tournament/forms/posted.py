"""The posted data of a request for a form, or None on GET: an empty POST is still a submitted (bound) form."""


def posted(request):
    return request.POST if request.method == "POST" else None
