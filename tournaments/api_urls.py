from django.urls import path
from rest_framework.authtoken.views import obtain_auth_token

from tournaments import api

urlpatterns = [
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("me/", api.MeApi.as_view(), name="api-me"),
    path("events/", api.EventListApi.as_view(), name="api-events"),
    path("events/<slug:slug>/", api.EventDetailApi.as_view(), name="api-event"),
]
