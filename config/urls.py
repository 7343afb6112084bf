"""The site's URLs: pages at the root, the API under /api/v1/, its schema and docs under /api/."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView

from accounts.language_switch import language_choose
from accounts.views import PasswordChangeView
from config.api_docs import api_docs_view

api_v1 = [
    path("", include("accounts.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("matches.api_urls")),
    path("", include("decks.api_urls")),
    path("", include("rules.api_urls")),
]

urlpatterns = [
    path("", include("tournaments.urls")),
    path("", include("matches.urls")),
    path("", include("rules.urls")),
    path("", include("decks.urls")),
    path("", include("accounts.urls")),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("language/", language_choose, name="language-choose"),
    # Changing the password ends every other browser session and every API token of the user.
    path("password/", PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    # A forgotten password: a link by e-mail (printed to the terminal on the embedded default).
    path("password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"
    ),
    # The admin's own password page checks the current password without counting failures: the site's
    # page does (accounts.forms.CheckedPasswordChangeForm), so the admin's link leads there.
    path(
        "admin/password_change/",
        RedirectView.as_view(pattern_name="password_change"),
        name="admin-password-change",
    ),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs_view(url_name="api-schema"), name="api-docs"),
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
