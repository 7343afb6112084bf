from django.urls import path

from accounts import api

urlpatterns = [
    path("me/", api.MeApi.as_view(), name="api-me"),
    path("auth/token/", api.TokenObtainApi.as_view(), name="api-token"),
    path("auth/logout/", api.LogoutApi.as_view(), name="api-logout"),
    path("auth/logout-all/", api.LogoutAllApi.as_view(), name="api-logout-all"),
]
